// A yes/no a form asks (an acknowledgement, an option): a checkbox with its words beside it, its hint and the
// server's message below, both tied to it (field-aria.ts). For an on/off setting that saves as such, see Switch.tsx.
import type { ReactNode } from 'react';
import { FieldMessages } from './FieldFrame';
import { controlAria } from './field-aria';

interface Props {
  id: string;
  /** Posted with the form when ticked. */
  name?: string;
  /** What is posted (the browser's "on" without it). */
  value?: string;
  label: ReactNode;
  hint?: ReactNode | undefined;
  error?: string | undefined;
  /** Uncontrolled: ticked at first. */
  defaultChecked?: boolean;
  /** Controlled: held by the caller, told of every tick through onChecked. */
  checked?: boolean;
  onChecked?: (checked: boolean) => void;
}

export function CheckboxField({ id, name, value, label, hint, error, defaultChecked, checked, onChecked }: Props) {
  return (
    <div className="field">
      <label className="checkbox" htmlFor={id}>
        <input
          {...controlAria(id, { hint, error })}
          type="checkbox"
          name={name}
          value={value}
          checked={checked}
          defaultChecked={checked === undefined ? defaultChecked : undefined}
          onChange={onChecked && ((event) => onChecked(event.currentTarget.checked))}
        />
        <span>{label}</span>
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
