// An on/off setting: a checkbox that says so (role="switch", read as "on" or "off"), drawn as a track and knob
// (.switch in global.css), its words beside it and its hint tied to it. It posts as a checkbox does.
import { type ReactNode, useState } from 'react';
import { FieldMessages } from './FieldFrame';
import { controlAria } from './field-aria';

interface Props {
  id: string;
  /** Posted with the form when on (a switch its island saves itself needs none). */
  name?: string;
  label: ReactNode;
  hint?: ReactNode;
  defaultChecked?: boolean;
  /** Held by the caller, told of every flip. */
  checked?: boolean;
  onChecked?: (on: boolean) => void;
}

export function Switch({ id, name, label, hint, defaultChecked = false, checked, onChecked }: Props) {
  const [own, setOwn] = useState(defaultChecked);
  const on = checked ?? own;
  return (
    <div className="field">
      <label className="switch" htmlFor={id}>
        <input
          {...controlAria(id, { hint })}
          type="checkbox"
          role="switch"
          aria-checked={on}
          name={name}
          checked={on}
          onChange={(event) => {
            setOwn(event.currentTarget.checked);
            onChecked?.(event.currentTarget.checked);
          }}
        />
        <span>{label}</span>
      </label>
      <FieldMessages id={id} hint={hint} />
    </div>
  );
}
