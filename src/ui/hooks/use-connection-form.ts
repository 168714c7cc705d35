// An outside service's settings card (ConnectionCard): the settings the page loaded, then each save's answer; the
// save reads the form through the card's field list (SettingsFields) and keeps the server's message under each
// field it refused (what was typed stays in the form: its inputs are uncontrolled).
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ConnectionSettingsStore } from '../../stores/connection-settings';
import { type SettingField, settingsInput } from '../SettingsFields';

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
