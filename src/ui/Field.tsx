// A labelled text input bound to a value, keeping what was typed before hydration, with its hint and message.
import { type InputHTMLAttributes, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FieldFrame } from './FieldFrame';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
}

export function Field({ id, label, value, onValue, error, hint, ...input }: Props) {
  const element = useRef<HTMLInputElement>(null);
  // Keep whatever was typed into the server's HTML before the island hydrated: in a layout effect, so the value is
  // state in the same commit as hydration, before the hydrated form can take a click.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, on hydration.
  useLayoutEffect(() => {
    const typed = element.current?.value;
    if (typed && typed !== value) onValue(typed);
  }, []);
  // The message is about what was there when it came: once the person edits the field, it goes.
  const [messageFor, setMessageFor] = useState(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a new message arrives.
  useEffect(() => setMessageFor(value), [error]);
  const shownError = error && messageFor === value ? error : undefined;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={shownError}>
      {(control) => (
        <input
          {...input}
          {...control}
          ref={element}
          name={id}
          value={value}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}
