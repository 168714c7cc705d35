// A labelled input with its hint and the server's message for it, wired for screen readers.
import { type InputHTMLAttributes, useEffect, useRef } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: string;
}

export function Field({ id, label, value, onValue, error, hint, ...input }: Props) {
  const element = useRef<HTMLInputElement>(null);
  // Keep whatever was typed into the server's HTML before the island hydrated.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, on hydration.
  useEffect(() => {
    const typed = element.current?.value;
    if (typed && typed !== value) onValue(typed);
  }, []);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        ref={element}
        id={id}
        name={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
