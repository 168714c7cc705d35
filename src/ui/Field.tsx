// A labelled input with its hint and the server's message for it, wired for screen readers.
import { type InputHTMLAttributes, useEffect, useRef, useState } from 'react';

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
  // The message is about what was there when it came: once the person edits the field, it goes.
  const [messageFor, setMessageFor] = useState(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a new message arrives.
  useEffect(() => setMessageFor(value), [error]);
  const shownError = error && messageFor === value ? error : undefined;
  const describedBy = [hint && `${id}-hint`, shownError && `${id}-error`].filter(Boolean).join(' ');
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
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {shownError && (
        <p className="field-error" id={`${id}-error`}>
          {shownError}
        </p>
      )}
    </div>
  );
}
