// A labelled textarea in the one field frame, with its hint and the server's message; controlled (value and
// onValue, keeping what was typed before hydration as Field.tsx does) or uncontrolled (defaultValue, posted by name).
import { type ReactNode, type TextareaHTMLAttributes, useLayoutEffect, useRef } from 'react';
import { FieldFrame } from './FieldFrame';

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
  const element = useRef<HTMLTextAreaElement>(null);
  // Keep whatever was typed into the server's HTML before the island hydrated: in a layout effect, so the value is
  // state in the same commit as hydration, before the hydrated form can take a click.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, on hydration.
  useLayoutEffect(() => {
    const typed = element.current?.value;
    if (value !== undefined && typed && typed !== value) onValue?.(typed);
  }, []);
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
