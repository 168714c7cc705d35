// Zendesk on the integrations page (issue 58): whether tagged tickets are captured, the subdomain, agent email, API
// token, webhook signing secret and sidebar app token (pasted, never shown again: only the API token's last four
// characters), the capture tag, whether and how customers are answered on their ticket, the webhook URL to paste into
// Zendesk, the sidebar app's package to upload to it, and the last event.
import { translator } from '../../i18n/current';
import { ConnectionCard } from '../../ui/ConnectionCard';
import { zendeskSettings } from './zendesk';
import type { ZendeskSettings as Settings } from './zendesk-data';

export default function ZendeskSettings({ initial }: { initial: Settings }) {
  const t = translator('integrations');
  return (
    <ConnectionCard
      name="Zendesk"
      intro={t('zendeskIntro')}
      store={zendeskSettings}
      initial={initial}
      shows={(settings) => ({
        addresses: [
          { label: t('zendeskWebhook'), url: settings.webhook_url, testId: 'zendesk-webhook' },
          { label: t('zendeskAppPackage'), url: settings.app_package_url, testId: 'zendesk-app-package' },
        ],
        state: [
          settings.active ? t('active') : t('off'),
          settings.api_token ? t('zendeskTokenSet', { token: settings.api_token }) : t('zendeskTokenMissing'),
          settings.signing_secret_set ? t('secretSet') : t('secretMissing'),
          settings.app_token_set ? t('zendeskAppTokenSet') : t('zendeskAppTokenMissing'),
        ],
        lastEvent: (time) => t('zendeskLastEvent', { time }),
        noEvent: t('zendeskNoEvent'),
      })}
      fields={[
        { kind: 'switch', field: 'active', name: 'zendesk_active', label: t('zendeskActive') },
        {
          kind: 'text',
          field: 'subdomain',
          id: 'zendesk-subdomain',
          name: 'zendesk_subdomain',
          label: t('zendeskSubdomain'),
          maxLength: 63,
          pattern: '[a-z0-9][a-z0-9\\-]{0,62}',
          placeholder: 'acme',
        },
        {
          kind: 'text',
          field: 'agent_email',
          id: 'zendesk-agent-email',
          name: 'zendesk_agent_email',
          label: t('accountEmail'),
          type: 'email',
          maxLength: 254,
        },
        {
          kind: 'secret',
          field: 'api_token',
          id: 'zendesk-token',
          name: 'zendesk_token',
          label: t('token'),
          hint: t('keepHint'),
          maxLength: 100,
          pattern: '[A-Za-z0-9]{20,100}',
        },
        {
          kind: 'secret',
          field: 'signing_secret',
          id: 'zendesk-signing-secret',
          name: 'zendesk_signing_secret',
          label: t('signingSecret'),
          hint: t('keepHint'),
          maxLength: 200,
        },
        {
          kind: 'secret',
          field: 'app_token',
          id: 'zendesk-app-token',
          name: 'zendesk_app_token',
          label: t('zendeskAppToken'),
          hint: t('zendeskAppTokenHint'),
          maxLength: 200,
          pattern: '[A-Za-z0-9_\\-]{32,200}',
        },
        {
          kind: 'text',
          field: 'capture_tag',
          id: 'zendesk-tag',
          name: 'zendesk_tag',
          label: t('captureTag'),
          required: true,
          maxLength: 80,
          pattern: '[a-z0-9_/\\-]{1,80}',
        },
        { kind: 'switch', field: 'answer_customers', name: 'zendesk_answer', label: t('zendeskAnswer') },
        { kind: 'switch', field: 'public_replies', name: 'zendesk_public', label: t('zendeskPublic') },
      ]}
      saveLabel={t('save')}
    />
  );
}
