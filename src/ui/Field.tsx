// A labelled text input bound to a value, keeping what was typed before hydration, with its hint and message.
import { type InputHTMLAttributes, useEffect, useState } from 'react';
import { FieldFrame } from './FieldFrame';
import { useTypedBeforeHydration } from './hooks/use-typed-before-hydration';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
}

export function Field({ id, label, value, onValue, error, hint, ...input }: Props) {
  const element = useTypedBeforeHydration<HTMLInputElement>(value, onValue);
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
