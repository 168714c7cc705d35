// Admin → Settings: "staff must sign in with a passkey". PocketBase refuses turning it on to an admin without a
// passkey of their own (pb_hooks/passkeys/passkeys.pb.js), and the refusal is shown here as it comes.
import { useState } from 'react';
import { translator } from '../../i18n/current';
import type { AppError } from '../../lib/pb/errors';
import { FormAlert } from '../../ui/FormAlert';
import { Switch } from '../../ui/Switch';
import { saveSiteSettings } from '../site/site-settings';

export default function AdminPasskeyPolicy({ id, required }: { id: string; required: boolean }) {
  const t = translator('passkeys');
  const [checked, setChecked] = useState(required);
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState(false);

  async function submit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const data = new FormData();
    data.set('staff_passkey_required', checked ? 'true' : 'false');
    const result = await saveSiteSettings(id, data);
    setError(result.ok ? null : result.error);
    setSaved(result.ok);
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('policyLabel')}>
      <FormAlert error={error} shown={[]} />
      <Switch
        id="staff-passkey-required"
        label={t('policyLabel')}
        hint={t('policyHint')}
        checked={checked}
        onChecked={setChecked}
      />
      <button className="button primary" type="submit">
        {t('save')}
      </button>
      {saved && (
        <p className="alert success" role="status">
          {t('policySaved')}
        </p>
      )}
    </form>
  );
}
