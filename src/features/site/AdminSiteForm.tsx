// Site settings: name, tagline, logo, accent color, welcome text, approval, sign-ups, languages and how long
// the audit log keeps its entries.
import { type FormEvent, useState } from 'react';
import { translator } from '../../i18n/current';
import type { Locale } from '../../i18n/locales';
import type { AppError } from '../../lib/pb/errors';
import { FieldFrame } from '../../ui/FieldFrame';
import { ImageField } from '../../ui/ImageField';
import { LocaleOptions } from '../../ui/Options';
import { Switch } from '../../ui/Switch';
import { TextareaField } from '../../ui/TextareaField';
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

  return (
    <form className="form" onSubmit={submit} noValidate>
      <FieldFrame id="site-name" label={t('name')} error={fields.name}>
        {(control) => <input {...control} name="site_name" defaultValue={props.name} />}
      </FieldFrame>
      <FieldFrame id="site-tagline" label={t('tagline')} error={fields.tagline}>
        {(control) => <input {...control} name="site_tagline" defaultValue={props.tagline} />}
      </FieldFrame>
      <ImageField
        id="site-logo"
        name="logo"
        label={t('logo')}
        error={fields.logo}
        accept="image/png,image/jpeg,image/webp,image/svg+xml"
      />
      <FieldFrame id="site-accent" label={t('accent')} error={fields.accent_color}>
        {(control) => <input {...control} name="accent_color" type="color" defaultValue={props.accent || '#5b4bdb'} />}
      </FieldFrame>
      <TextareaField
        id="site-welcome"
        name="welcome"
        label={t('welcome')}
        error={fields.welcome}
        rows={5}
        defaultValue={props.welcome}
      />
      <Switch
        id="site-require-approval"
        name="require_approval"
        label={t('requireApproval')}
        defaultChecked={props.requireApproval}
      />
      <Switch
        id="site-allow-signups"
        name="allow_signups"
        label={t('allowSignups')}
        defaultChecked={props.allowSignups}
      />
      <Switch id="site-author-votes" name="author_votes" label={t('authorVotes')} defaultChecked={props.authorVotes} />
      <Switch
        id="site-show-eta"
        name="show_eta"
        label={translator('eta')('settingLabel')}
        hint={translator('eta')('settingHint')}
        defaultChecked={props.showEta}
      />
      <fieldset className="site-languages">
        <legend>{t('languages')}</legend>
        <FieldFrame
          id="site-default-locale"
          label={t('defaultLocale')}
          hint={t('defaultLocaleHint')}
          error={fields.default_locale}
        >
          {(control) => (
            <select {...control} name="default_locale" defaultValue={props.defaultLocale}>
              <LocaleOptions />
            </select>
          )}
        </FieldFrame>
        <Switch
          id="browser-locale"
          name="browser_locale"
          label={t('browserLocale')}
          hint={t('browserLocaleHint')}
          defaultChecked={props.browserLocale}
        />
      </fieldset>
      <FieldFrame
        id="site-audit-retention"
        label={translator('audit')('retention')}
        hint={translator('audit')('retentionHint')}
        error={fields.audit_retention_days}
      >
        {(control) => (
          <input
            {...control}
            name="audit_retention_days"
            type="number"
            inputMode="numeric"
            min={0}
            max={3650}
            step={1}
            defaultValue={props.auditRetentionDays}
          />
        )}
      </FieldFrame>
      {error && error.kind !== 'validation' && <p className="alert error">{error.message}</p>}
      <div role="status">{saved && <p className="alert success">{t('saved')}</p>}</div>
      <button type="submit" className="button primary">
        {t('save')}
      </button>
    </form>
  );
}
