// Zendesk on the integrations page (issue 58): whether tagged tickets are captured, the subdomain, agent email, API
// token, webhook signing secret and sidebar app token (pasted, never shown again: only the API token's last four
// characters), the capture tag, whether and how customers are answered on their ticket, the webhook URL to paste into
// Zendesk, the sidebar app's package to upload to it, and the last event.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { translator } from '../../i18n/current';
import { ConnectionCard, connectionTime } from '../../ui/ConnectionCard';
import { FieldFrame } from '../../ui/FieldFrame';
import { zendeskSettings } from './zendesk';
import type { ZendeskSettings as Settings } from './zendesk-data';

export default function ZendeskSettings({ initial }: { initial: Settings }) {
  const t = translator('integrations');
  const settings = useStore(zendeskSettings.$settings) ?? initial;
  // The server's message under each field it refused; what was typed stays in the form (its inputs are uncontrolled).
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => zendeskSettings.start(initial), [initial]);

  async function save(data: FormData) {
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const done = await zendeskSettings.save({
      active: data.get('zendesk_active') === 'on',
      answer_customers: data.get('zendesk_answer') === 'on',
      public_replies: data.get('zendesk_public') === 'on',
      subdomain: text('zendesk_subdomain'),
      agent_email: text('zendesk_agent_email'),
      capture_tag: text('zendesk_tag'),
      api_token: text('zendesk_token'),
      signing_secret: text('zendesk_signing_secret'),
      app_token: text('zendesk_app_token'),
    });
    setErrors(!done.ok && done.error.kind === 'validation' ? done.error.fields : {});
    return done;
  }

  return (
    <ConnectionCard
      id="zendesk"
      name="Zendesk"
      intro={t('zendeskIntro')}
      addresses={[
        { label: t('zendeskWebhook'), url: settings.webhook_url, testId: 'zendesk-webhook' },
        { label: t('zendeskAppPackage'), url: settings.app_package_url, testId: 'zendesk-app-package' },
      ]}
      state={[
        settings.active ? t('active') : t('off'),
        settings.api_token ? t('zendeskTokenSet', { token: settings.api_token }) : t('zendeskTokenMissing'),
        settings.signing_secret_set ? t('secretSet') : t('secretMissing'),
        settings.app_token_set ? t('zendeskAppTokenSet') : t('zendeskAppTokenMissing'),
      ]}
      lastEvent={
        settings.last_event_at
          ? t('zendeskLastEvent', { time: connectionTime(settings.last_event_at) })
          : t('zendeskNoEvent')
      }
      onSave={save}
      saveLabel={t('save')}
    >
      <label className="checkbox">
        <input type="checkbox" name="zendesk_active" defaultChecked={settings.active} key={`a${settings.active}`} />{' '}
        {t('zendeskActive')}
      </label>
      <FieldFrame id="zendesk-subdomain" label={t('zendeskSubdomain')} error={errors.subdomain}>
        {(control) => (
          <input
            {...control}
            name="zendesk_subdomain"
            defaultValue={settings.subdomain}
            maxLength={63}
            pattern="[a-z0-9][a-z0-9\-]{0,62}"
            placeholder="acme"
          />
        )}
      </FieldFrame>
      <FieldFrame id="zendesk-agent-email" label={t('accountEmail')} error={errors.agent_email}>
        {(control) => (
          <input
            {...control}
            name="zendesk_agent_email"
            type="email"
            defaultValue={settings.agent_email}
            maxLength={254}
          />
        )}
      </FieldFrame>
      <FieldFrame id="zendesk-token" label={t('token')} hint={t('keepHint')} error={errors.api_token}>
        {(control) => (
          <input
            {...control}
            name="zendesk_token"
            type="password"
            autoComplete="off"
            maxLength={100}
            pattern="[A-Za-z0-9]{20,100}"
          />
        )}
      </FieldFrame>
      <FieldFrame
        id="zendesk-signing-secret"
        label={t('signingSecret')}
        hint={t('keepHint')}
        error={errors.signing_secret}
      >
        {(control) => (
          <input {...control} name="zendesk_signing_secret" type="password" autoComplete="off" maxLength={200} />
        )}
      </FieldFrame>
      <FieldFrame
        id="zendesk-app-token"
        label={t('zendeskAppToken')}
        hint={t('zendeskAppTokenHint')}
        error={errors.app_token}
      >
        {(control) => (
          <input
            {...control}
            name="zendesk_app_token"
            type="password"
            autoComplete="off"
            maxLength={200}
            pattern="[A-Za-z0-9_\-]{32,200}"
          />
        )}
      </FieldFrame>
      <FieldFrame id="zendesk-tag" label={t('captureTag')} error={errors.capture_tag}>
        {(control) => (
          <input
            {...control}
            name="zendesk_tag"
            required
            defaultValue={settings.capture_tag}
            maxLength={80}
            pattern="[a-z0-9_/\-]{1,80}"
          />
        )}
      </FieldFrame>
      <label className="checkbox">
        <input
          type="checkbox"
          name="zendesk_answer"
          defaultChecked={settings.answer_customers}
          key={`c${settings.answer_customers}`}
        />{' '}
        {t('zendeskAnswer')}
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          name="zendesk_public"
          defaultChecked={settings.public_replies}
          key={`p${settings.public_replies}`}
        />{' '}
        {t('zendeskPublic')}
      </label>
    </ConnectionCard>
  );
}
