// A labelled textarea in the one field frame, with its hint and the server's message; controlled (value and
// onValue, keeping what was typed before hydration as Field.tsx does: hooks/use-typed-before-hydration.ts) or
// uncontrolled (defaultValue, posted by name).
import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './FieldFrame';
import { useTypedBeforeHydration } from './hooks/use-typed-before-hydration';

interface Props
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value' | 'defaultValue'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode | undefined;
  error?: string | undefined;
  defaultValue?: string;
  value?: string;
  onValue?: (value: string) => void;
}

export function TextareaField({ id, label, hint, error, defaultValue, value, onValue, ...textarea }: Props) {
  const element = useTypedBeforeHydration<HTMLTextAreaElement>(value, onValue);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          ref={element}
          value={value}
          defaultValue={value === undefined ? defaultValue : undefined}
          onChange={onValue && ((event) => onValue(event.currentTarget.value))}
        />
      )}
    </FieldFrame>
  );
}
