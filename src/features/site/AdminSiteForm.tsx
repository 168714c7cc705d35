// Site settings: name, tagline, logo, accent color, welcome text, approval, sign-ups, languages and how long
// the audit log keeps its entries.
import { type FormEvent, useState } from 'react';
import { translator } from '../../i18n/current';
import { LOCALE_NAMES } from '../../i18n/locale-names';
import { LOCALES, type Locale } from '../../i18n/locales';
import type { AppError } from '../../lib/pb/errors';
import FilePicker from '../../ui/FilePicker';
import { saveSiteSettings, siteSettingsData } from './site-settings';

interface Props {
  id: string;
  name: string;
  tagline: string;
  accent: string;
  welcome: string;
  requireApproval: boolean;
  allowSignups: boolean;
  authorVotes: boolean;
  defaultLocale: Locale;
  browserLocale: boolean;
  showEta: boolean;
  auditRetentionDays: number;
}

export default function AdminSiteForm(props: Props) {
  const t = translator('adminSite');
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState(false);
  const fields = error?.kind === 'validation' ? error.fields : {};

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const result = await saveSiteSettings(props.id, siteSettingsData(new FormData(event.currentTarget)));
    setError(result.ok ? null : result.error);
    setSaved(result.ok);
  }

  const describedBy = (name: string, hint?: string) =>
    [hint, fields[name] && `${name}-error`].filter(Boolean).join(' ') || undefined;
  const invalidProps = (name: string, hint?: string) => ({
    'aria-invalid': fields[name] ? true : undefined,
    'aria-describedby': describedBy(name, hint),
  });
  const message = (name: string) =>
    fields[name] && (
      <p id={`${name}-error`} className="field-error">
        {fields[name]}
      </p>
    );
  const text = (name: 'name' | 'tagline', label: string) => (
    <div className="field">
      <label htmlFor={`site-${name}`}>{label}</label>
      <input id={`site-${name}`} name={`site_${name}`} defaultValue={props[name]} {...invalidProps(name)} />
      {message(name)}
    </div>
  );
  return (
    <form className="form" onSubmit={submit} noValidate>
      {text('name', t('name'))}
      {text('tagline', t('tagline'))}
      <div className="field">
        <label htmlFor="site-logo" id="site-logo-label">
          {t('logo')}
        </label>
        <FilePicker
          id="site-logo"
          name="logo"
          fieldLabel="site-logo-label"
          buttonLabel={translator('filePicker')('chooseImage')}
          accept="image/png,image/jpeg,image/webp,image/svg+xml"
          {...invalidProps('logo')}
        />
        {message('logo')}
      </div>
      <div className="field">
        <label htmlFor="site-accent">{t('accent')}</label>
        <input
          id="site-accent"
          name="accent_color"
          type="color"
          defaultValue={props.accent || '#5b4bdb'}
          {...invalidProps('accent_color')}
        />
        {message('accent_color')}
      </div>
      <div className="field">
        <label htmlFor="site-welcome">{t('welcome')}</label>
        <textarea id="site-welcome" name="welcome" rows={5} defaultValue={props.welcome} {...invalidProps('welcome')} />
        {message('welcome')}
      </div>
      <label className="checkbox">
        <input type="checkbox" name="require_approval" defaultChecked={props.requireApproval} /> {t('requireApproval')}
      </label>
      <label className="checkbox">
        <input type="checkbox" name="allow_signups" defaultChecked={props.allowSignups} /> {t('allowSignups')}
      </label>
      <label className="checkbox">
        <input type="checkbox" name="author_votes" defaultChecked={props.authorVotes} /> {t('authorVotes')}
      </label>
      <label className="checkbox">
        <input type="checkbox" name="show_eta" defaultChecked={props.showEta} aria-describedby="site-show-eta-hint" />{' '}
        {translator('eta')('settingLabel')}
      </label>
      <p id="site-show-eta-hint" className="hint">
        {translator('eta')('settingHint')}
      </p>
      <fieldset className="site-languages">
        <legend>{t('languages')}</legend>
        <div className="field">
          <label htmlFor="site-default-locale">{t('defaultLocale')}</label>
          <select
            id="site-default-locale"
            name="default_locale"
            defaultValue={props.defaultLocale}
            {...invalidProps('default_locale', 'default-locale-hint')}
          >
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </select>
          <p className="field-hint" id="default-locale-hint">
            {t('defaultLocaleHint')}
          </p>
          {message('default_locale')}
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            name="browser_locale"
            defaultChecked={props.browserLocale}
            aria-describedby="browser-locale-hint"
          />{' '}
          {t('browserLocale')}
        </label>
        <p className="field-hint" id="browser-locale-hint">
          {t('browserLocaleHint')}
        </p>
      </fieldset>
      <div className="field">
        <label htmlFor="site-audit-retention">{translator('audit')('retention')}</label>
        <input
          id="site-audit-retention"
          name="audit_retention_days"
          type="number"
          inputMode="numeric"
          min={0}
          max={3650}
          step={1}
          defaultValue={props.auditRetentionDays}
          {...invalidProps('audit_retention_days', 'audit-retention-hint')}
        />
        <p className="field-hint" id="audit-retention-hint">
          {translator('audit')('retentionHint')}
        </p>
        {message('audit_retention_days')}
      </div>
      {error && error.kind !== 'validation' && <p className="alert error">{error.message}</p>}
      <div role="status">{saved && <p className="alert success">{t('saved')}</p>}</div>
      <button type="submit" className="button primary">
        {t('save')}
      </button>
    </form>
  );
}
