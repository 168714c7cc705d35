// Intercom on the integrations page (issue 58): whether tagged conversations are captured, the workspace's region and
// id, the teammate the answers are written as, the access token and the app's client secret (pasted, never shown
// again: only the token's last four characters), the capture tag, whether and how customers are answered in their
// conversation, the webhook URL and the inbox app's Initialize and Submit URLs to paste into the Intercom app, and the
// last event.
import { translator } from '../../i18n/current';
import { ConnectionCard } from '../../ui/ConnectionCard';
import type { Choices } from '../../ui/FieldFrame';
import { intercomSettings } from './intercom';
import type { IntercomRegion, IntercomSettings as Settings } from './intercom-data';

// Each region by its API's host name, the words Intercom's own settings use for it.
const REGIONS: Choices = [
  ['', 'api.intercom.io'],
  ['eu', 'api.eu.intercom.io'],
  ['au', 'api.au.intercom.io'],
] satisfies [IntercomRegion, string][];

export default function IntercomSettings({ initial }: { initial: Settings }) {
  const t = translator('integrations');
  return (
    <ConnectionCard
      name="Intercom"
      intro={t('intercomIntro')}
      store={intercomSettings}
      initial={initial}
      shows={(settings) => ({
        addresses: [
          { label: t('intercomWebhook'), url: settings.webhook_url, testId: 'intercom-webhook' },
          {
            label: t('intercomCanvasInitialize'),
            url: settings.canvas_initialize_url,
            testId: 'intercom-canvas-initialize',
          },
          { label: t('intercomCanvasSubmit'), url: settings.canvas_submit_url, testId: 'intercom-canvas-submit' },
        ],
        state: [
          settings.active ? t('active') : t('off'),
          settings.access_token ? t('intercomTokenSet', { token: settings.access_token }) : t('intercomTokenMissing'),
          settings.client_secret_set ? t('intercomSecretSet') : t('intercomSecretMissing'),
        ],
        lastEvent: (time) => t('intercomLastEvent', { time }),
        noEvent: t('intercomNoEvent'),
      })}
      fields={[
        { kind: 'switch', field: 'active', name: 'intercom_active', label: t('intercomActive') },
        {
          kind: 'choice',
          field: 'region',
          id: 'intercom-region',
          name: 'intercom_region',
          label: t('intercomRegion'),
          choices: REGIONS,
        },
        {
          kind: 'text',
          field: 'workspace_id',
          id: 'intercom-workspace',
          name: 'intercom_workspace',
          label: t('intercomWorkspace'),
          maxLength: 20,
          pattern: '[a-z0-9]{4,20}',
          placeholder: 'ab12cd34',
        },
        {
          kind: 'text',
          field: 'admin_id',
          id: 'intercom-admin',
          name: 'intercom_admin',
          label: t('intercomAdmin'),
          inputMode: 'numeric',
          maxLength: 20,
          pattern: '[0-9]{1,20}',
        },
        {
          kind: 'secret',
          field: 'access_token',
          id: 'intercom-token',
          name: 'intercom_token',
          label: t('intercomToken'),
          hint: t('keepHint'),
          maxLength: 300,
        },
        {
          kind: 'secret',
          field: 'client_secret',
          id: 'intercom-client-secret',
          name: 'intercom_client_secret',
          label: t('intercomSecret'),
          hint: t('keepHint'),
          maxLength: 200,
        },
        {
          kind: 'text',
          field: 'capture_tag',
          id: 'intercom-tag',
          name: 'intercom_tag',
          label: t('captureTag'),
          required: true,
          maxLength: 80,
        },
        { kind: 'switch', field: 'answer_customers', name: 'intercom_answer', label: t('intercomAnswer') },
        { kind: 'switch', field: 'public_replies', name: 'intercom_public', label: t('intercomPublic') },
      ]}
      saveLabel={t('save')}
    />
  );
}
