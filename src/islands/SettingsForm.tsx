// A member's name, avatar, language and email preferences. Field messages appear next to fields; nothing
// typed is lost. A new language reloads the page, which the server then renders in it.
import { type FormEvent, useState } from 'react';
import { translator } from '../i18n/current';
import { LOCALE_NAMES } from '../i18n/locale-names';
import { LOCALES, type Locale } from '../i18n/locales';
import type { AppError } from '../lib/pb/errors';
import type { EmailPreference } from '../lib/pb/staff-types';
import { saveAccount } from '../stores/account';
import FilePicker from './FilePicker';

const LABELS = {
  email_on_comment: 'prefComment',
  email_on_status: 'prefStatus',
  email_on_release: 'prefRelease',
} as const satisfies Record<EmailPreference, string>;

interface Props {
  id: string;
  name: string;
  preferences: Record<EmailPreference, boolean>;
  /** The member's own language, or '' for the site's. */
  locale: Locale | '';
}

export default function SettingsForm({ id, name, preferences, locale }: Props) {
  const t = translator('settings');
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
    const chosenLocale = String(form.get('locale') ?? '');
    data.set('locale', chosenLocale);
    for (const key of Object.keys(LABELS)) data.set(key, form.get(key) ? 'true' : 'false');
    setBusy(true);
    setSaved(false);
    const result = await saveAccount(id, data);
    setBusy(false);
    if (!result.ok) setError(result.error);
    else if (chosenLocale !== locale) location.reload();
    else {
      setError(null);
      setSaved(true);
    }
  }

  return (
    <form className="form settings" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="name">{t('name')}</label>
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
        <label htmlFor="avatar" id="avatar-label">
          {t('avatar')}
        </label>
        <FilePicker
          id="avatar"
          name="avatar"
          fieldLabel="avatar-label"
          buttonLabel={translator('filePicker')('chooseImage')}
          accept="image/jpeg,image/png,image/webp,image/gif"
          aria-describedby={fields.avatar ? 'avatar-error' : 'avatar-hint'}
        />
        <p id="avatar-hint" className="field-hint">
          {t('avatarHint')}
        </p>
        {fields.avatar && (
          <p id="avatar-error" className="field-error">
            {fields.avatar}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="locale">{t('language')}</label>
        <select
          id="locale"
          name="locale"
          defaultValue={locale}
          aria-invalid={fields.locale ? true : undefined}
          aria-describedby={fields.locale ? 'locale-error' : 'locale-hint'}
        >
          <option value="">{t('siteDefault')}</option>
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALE_NAMES[code]}
            </option>
          ))}
        </select>
        <p id="locale-hint" className="field-hint">
          {t('languageHint')}
        </p>
        {fields.locale && (
          <p id="locale-error" className="field-error">
            {fields.locale}
          </p>
        )}
      </div>
      <fieldset className="preferences">
        <legend>{t('emailMe')}</legend>
        {(Object.keys(LABELS) as EmailPreference[]).map((key) => (
          <label key={key} className="checkbox">
            <input type="checkbox" name={key} defaultChecked={preferences[key]} /> {t(LABELS[key])}
          </label>
        ))}
      </fieldset>
      {error && error.kind !== 'validation' && <p className="alert error">{error.message}</p>}
      <div role="status">{saved && <p className="alert success">{t('saved')}</p>}</div>
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? t('saving') : t('save')}
      </button>
    </form>
  );
}
