// A member's name, avatar, language and email preferences: how often each kind of email comes (right away,
// a daily or weekly digest, or never) and the time zone digests follow (this device's until one is chosen).
// Field messages appear next to fields; nothing typed is lost. A new language reloads the page, which the
// server then renders in it.
import { type FormEvent, useEffect, useState } from 'react';
import { translator } from '../../i18n/current';
import type { Locale } from '../../i18n/locales';
import type { AppError } from '../../lib/pb/errors';
import { FieldFrame, SelectField } from '../../ui/FieldFrame';
import { ImageField } from '../../ui/ImageField';
import { LocaleOptions } from '../../ui/Options';
import { saveAccount } from './account';
import { EMAIL_FREQUENCIES, type EmailFrequency, FREQUENCY_FIELDS, type FrequencyField } from './account-data';

// i18n-keys: digests.frequency_*
const LABELS = {
  comment_emails: 'prefComment',
  status_emails: 'prefStatus',
  release_emails: 'prefRelease',
} as const satisfies Record<FrequencyField, string>;

/** The time zones this browser knows (IANA names; the server checks the one sent against its own list). */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...known, current])].sort();
}

const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

interface Props {
  id: string;
  name: string;
  preferences: Record<FrequencyField, EmailFrequency>;
  /** The saved time zone ('UTC' until the member saves one). */
  timeZone: string;
  /** The member's own language, or '' for the site's. */
  locale: Locale | '';
}

export default function SettingsForm({ id, name, preferences, timeZone, locale }: Props) {
  const t = translator('settings');
  const d = translator('digests');
  const [zone, setZone] = useState(timeZone);
  const [zones, setZones] = useState(() => [timeZone]);
  // After hydration (the server knows no device): the full list, and this device's zone if none was saved.
  useEffect(() => {
    setZones(timeZones(timeZone));
    if (timeZone === 'UTC') setZone(deviceZone());
  }, [timeZone]);
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const fields = error?.kind === 'validation' ? error.fields : {};

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const data = new FormData();
    data.set('name', String(form.get('display_name') ?? ''));
    const avatar = form.get('avatar');
    if (avatar instanceof File && avatar.size > 0) data.set('avatar', avatar);
    const chosenLocale = String(form.get('locale') ?? '');
    data.set('locale', chosenLocale);
    for (const key of FREQUENCY_FIELDS) data.set(key, String(form.get(key) ?? ''));
    data.set('time_zone', zone);
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
      <FieldFrame id="display-name" label={t('name')} error={fields.name}>
        {(control) => <input {...control} name="display_name" defaultValue={name} maxLength={60} />}
      </FieldFrame>
      <ImageField id="avatar" name="avatar" label={t('avatar')} hint={t('avatarHint')} error={fields.avatar} />
      <FieldFrame id="locale" label={t('language')} hint={t('languageHint')} error={fields.locale}>
        {(control) => (
          <select {...control} name="locale" defaultValue={locale}>
            <option value="">{t('siteDefault')}</option>
            <LocaleOptions />
          </select>
        )}
      </FieldFrame>
      <fieldset className="preferences">
        <legend>{t('emailMe')}</legend>
        {FREQUENCY_FIELDS.map((key) => (
          <SelectField
            key={key}
            id={key}
            name={key}
            label={t(LABELS[key])}
            defaultValue={preferences[key]}
            error={fields[key]}
            choices={EMAIL_FREQUENCIES.map((frequency) => [frequency, d(`frequency_${frequency}`)] as const)}
          />
        ))}
        <SelectField
          id="time_zone"
          name="time_zone"
          label={d('timeZone')}
          hint={d('timeZoneHint')}
          value={zone}
          onValue={setZone}
          error={fields.time_zone}
          choices={zones.map((name) => [name, name] as const)}
        />
      </fieldset>
      {error && error.kind !== 'validation' && <p className="alert error">{error.message}</p>}
      <div role="status">{saved && <p className="alert success">{t('saved')}</p>}</div>
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? t('saving') : t('save')}
      </button>
    </form>
  );
}
