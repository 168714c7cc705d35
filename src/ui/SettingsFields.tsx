// The fields of an outside service's settings form (ConnectionCard), declared once as a list: a switch, a text, a
// choice or a secret (a password field: never filled in, emptied once saved, an empty one keeps the secret set), each
// with its label, hint and the server's message; and the input the form's values give, read through the same list.
import type { InputHTMLAttributes } from 'react';
import { type Choices, FieldFrame, SelectField } from './FieldFrame';

type InputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'maxLength' | 'pattern' | 'placeholder' | 'required' | 'type' | 'inputMode'
>;

/** One field: `field` is the setting's name (in the settings, the input and the server's messages), `name` the form's. */
export type SettingField<Field extends string = string> = { field: Field; name: string; label: string } & (
  | { kind: 'switch' }
  | ({ kind: 'text' | 'secret'; id: string; hint?: string } & InputProps)
  | { kind: 'choice'; id: string; choices: Choices }
);

interface Props {
  fields: SettingField[];
  /** The settings as the server described them: each field's value (a secret's is never shown). */
  settings: object;
  errors: Record<string, string>;
}

export function SettingsFields({ fields, settings, errors }: Props) {
  const settingOf = (field: string) => (settings as Record<string, unknown>)[field];
  return fields.map((one) => {
    const value = settingOf(one.field);
    if (one.kind === 'switch') {
      return (
        <label className="checkbox" key={one.name}>
          <input type="checkbox" name={one.name} defaultChecked={value === true} key={String(value)} /> {one.label}
        </label>
      );
    }
    if (one.kind === 'choice') {
      const { id, name, label, choices } = one;
      const frame = { id, name, label, choices, error: errors[one.field] };
      return <SelectField key={`${name}${String(value)}`} {...frame} defaultValue={String(value ?? '')} />;
    }
    const { kind, field, id, name, label, hint, ...input } = one;
    const secret = kind === 'secret';
    return (
      <FieldFrame key={name} id={id} label={label} hint={hint} error={errors[field]}>
        {(control) => (
          <input
            {...control}
            name={name}
            {...input}
            {...(secret ? { type: 'password', autoComplete: 'off' } : { defaultValue: String(value ?? '') })}
          />
        )}
      </FieldFrame>
    );
  });
}

/** The input the form's values give: a switch true when ticked, a text or secret trimmed ('' keeps a secret). */
export function settingsInput(fields: SettingField[], data: FormData): Record<string, string | boolean> {
  return Object.fromEntries(
    fields.map(({ kind, field, name }) => [
      field,
      kind === 'switch' ? data.get(name) === 'on' : String(data.get(name) ?? '').trim(),
    ]),
  );
}
