// The fields of an outside service's settings form (ConnectionCard), declared once as a list: a switch, a text, a
// choice or a secret (a password field: never filled in, emptied once saved, an empty one keeps the secret set), each
// with its label, hint and the server's message; and the card's save, which reads the form through the same list.
// (A .tsx beside the cards, so the integrations page alone loads it, never the shared chunk every page does.)
import { useStore } from '@nanostores/react';
import { type InputHTMLAttributes, useEffect, useState } from 'react';
import type { ConnectionSettingsStore } from '../stores/connection-settings';
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

/**
 * A settings card's state: the settings the page loaded, then each save's answer; `save` reads the form through
 * `fields` and keeps the server's message under each field it refused (what was typed stays in the form: its
 * inputs are uncontrolled).
 */
export function useConnectionForm<S extends object, I>(
  store: ConnectionSettingsStore<S, I>,
  initial: S,
  fields: SettingField<Extract<keyof I, string>>[],
) {
  const settings = useStore(store.$settings) ?? initial;
  const [errors, setErrors] = useState<Record<string, string>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the store is the module's one, never another.
  useEffect(() => store.start(initial), [initial]);

  async function save(data: FormData) {
    // The list names only fields of I, and reads each as its kind (a switch a boolean, the rest a string).
    const done = await store.save(settingsInput(fields, data) as I);
    setErrors(!done.ok && done.error.kind === 'validation' ? done.error.fields : {});
    return done;
  }
  /** What SettingsFields shows: <SettingsFields {...fieldsProps} />. */
  const fieldsProps = { fields, settings, errors };
  return { settings, save, fieldsProps };
}
