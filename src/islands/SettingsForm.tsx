// A member's name, avatar and email preferences. Field messages appear next to fields; nothing typed is lost.
import { type FormEvent, useState } from 'react';
import type { AppError } from '../lib/pb/errors';
import type { EmailPreference } from '../lib/pb/staff-types';
import { saveAccount } from '../stores/account';

const LABELS: Record<EmailPreference, string> = {
  email_on_comment: 'New comments on ideas I follow',
  email_on_status: 'Status changes, official responses and merges of ideas I follow or voted for',
  email_on_release: 'Releases that ship ideas I voted for',
};

interface Props {
  id: string;
  name: string;
  preferences: Record<EmailPreference, boolean>;
}

export default function SettingsForm({ id, name, preferences }: Props) {
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const fields = error?.kind === 'validation' ? error.fields : {};

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const data = new FormData();
    data.set('name', String(form.get('name') ?? ''));
    const avatar = form.get('avatar');
    if (avatar instanceof File && avatar.size > 0) data.set('avatar', avatar);
    for (const key of Object.keys(LABELS)) data.set(key, form.get(key) ? 'true' : 'false');
    setBusy(true);
    setSaved(false);
    const result = await saveAccount(id, data);
    setBusy(false);
    if (!result.ok) setError(result.error);
    else {
      setError(null);
      setSaved(true);
    }
  }

  return (
    <form className="form settings" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="name">Name</label>
        <input
          id="name"
          name="name"
          defaultValue={name}
          maxLength={60}
          aria-invalid={fields.name ? true : undefined}
          aria-describedby={fields.name ? 'name-error' : undefined}
        />
        {fields.name && (
          <p id="name-error" className="field-error">
            {fields.name}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="avatar">Avatar</label>
        <input
          id="avatar"
          name="avatar"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          aria-describedby={fields.avatar ? 'avatar-error' : 'avatar-hint'}
        />
        <p id="avatar-hint" className="field-hint">
          JPEG, PNG, WebP or GIF.
        </p>
        {fields.avatar && (
          <p id="avatar-error" className="field-error">
            {fields.avatar}
          </p>
        )}
      </div>
      <fieldset className="preferences">
        <legend>Email me about</legend>
        {(Object.keys(LABELS) as EmailPreference[]).map((key) => (
          <label key={key} className="checkbox">
            <input type="checkbox" name={key} defaultChecked={preferences[key]} /> {LABELS[key]}
          </label>
        ))}
      </fieldset>
      {error && error.kind !== 'validation' && <p className="alert error">{error.message}</p>}
      <div role="status">{saved && <p className="alert success">Saved.</p>}</div>
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
