// Intercom on the integrations page (issue 58): whether tagged conversations are captured, the workspace's region and
// id, the teammate the answers are written as, the access token and the app's client secret (pasted, never shown
// again: only the token's last four characters), the capture tag, whether and how customers are answered in their
// conversation, the webhook URL and the inbox app's Initialize and Submit URLs to paste into the Intercom app, and the
// last event.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { translator } from '../../i18n/current';
import { ConnectionCard, connectionTime } from '../../ui/ConnectionCard';
import { FieldFrame } from '../../ui/FieldFrame';
import { intercomSettings } from './intercom';
import type { IntercomRegion, IntercomSettings as Settings } from './intercom-data';

// Each region by its API's host name, the words Intercom's own settings use for it.
const REGIONS: [IntercomRegion, string][] = [
  ['', 'api.intercom.io'],
  ['eu', 'api.eu.intercom.io'],
  ['au', 'api.au.intercom.io'],
];

export default function IntercomSettings({ initial }: { initial: Settings }) {
  const t = translator('integrations');
  const settings = useStore(intercomSettings.$settings) ?? initial;
  // The server's message under each field it refused; what was typed stays in the form (its inputs are uncontrolled).
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => intercomSettings.start(initial), [initial]);

  async function save(data: FormData) {
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const done = await intercomSettings.save({
      active: data.get('intercom_active') === 'on',
      answer_customers: data.get('intercom_answer') === 'on',
      public_replies: data.get('intercom_public') === 'on',
      region: text('intercom_region') as IntercomRegion,
      workspace_id: text('intercom_workspace'),
      admin_id: text('intercom_admin'),
      capture_tag: text('intercom_tag'),
      access_token: text('intercom_token'),
      client_secret: text('intercom_client_secret'),
    });
    setErrors(!done.ok && done.error.kind === 'validation' ? done.error.fields : {});
    return done;
  }

  return (
    <ConnectionCard
      id="intercom"
      name="Intercom"
      intro={t('intercomIntro')}
      addresses={[
        { label: t('intercomWebhook'), url: settings.webhook_url, testId: 'intercom-webhook' },
        {
          label: t('intercomCanvasInitialize'),
          url: settings.canvas_initialize_url,
          testId: 'intercom-canvas-initialize',
        },
        { label: t('intercomCanvasSubmit'), url: settings.canvas_submit_url, testId: 'intercom-canvas-submit' },
      ]}
      state={[
        settings.active ? t('active') : t('off'),
        settings.access_token ? t('intercomTokenSet', { token: settings.access_token }) : t('intercomTokenMissing'),
        settings.client_secret_set ? t('intercomSecretSet') : t('intercomSecretMissing'),
      ]}
      lastEvent={
        settings.last_event_at
          ? t('intercomLastEvent', { time: connectionTime(settings.last_event_at) })
          : t('intercomNoEvent')
      }
      onSave={save}
      saveLabel={t('save')}
    >
      <label className="checkbox">
        <input type="checkbox" name="intercom_active" defaultChecked={settings.active} key={`a${settings.active}`} />{' '}
        {t('intercomActive')}
      </label>
      <FieldFrame id="intercom-region" label={t('intercomRegion')} error={errors.region}>
        {(control) => (
          <select {...control} name="intercom_region" defaultValue={settings.region} key={`r${settings.region}`}>
            {REGIONS.map(([value, host]) => (
              <option key={value} value={value}>
                {host}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <FieldFrame id="intercom-workspace" label={t('intercomWorkspace')} error={errors.workspace_id}>
        {(control) => (
          <input
            {...control}
            name="intercom_workspace"
            defaultValue={settings.workspace_id}
            maxLength={20}
            pattern="[a-z0-9]{4,20}"
            placeholder="ab12cd34"
          />
        )}
      </FieldFrame>
      <FieldFrame id="intercom-admin" label={t('intercomAdmin')} error={errors.admin_id}>
        {(control) => (
          <input
            {...control}
            name="intercom_admin"
            inputMode="numeric"
            defaultValue={settings.admin_id}
            maxLength={20}
            pattern="[0-9]{1,20}"
          />
        )}
      </FieldFrame>
      <FieldFrame id="intercom-token" label={t('intercomToken')} hint={t('keepHint')} error={errors.access_token}>
        {(control) => <input {...control} name="intercom_token" type="password" autoComplete="off" maxLength={300} />}
      </FieldFrame>
      <FieldFrame
        id="intercom-client-secret"
        label={t('intercomSecret')}
        hint={t('keepHint')}
        error={errors.client_secret}
      >
        {(control) => (
          <input {...control} name="intercom_client_secret" type="password" autoComplete="off" maxLength={200} />
        )}
      </FieldFrame>
      <FieldFrame id="intercom-tag" label={t('captureTag')} error={errors.capture_tag}>
        {(control) => (
          <input {...control} name="intercom_tag" required defaultValue={settings.capture_tag} maxLength={80} />
        )}
      </FieldFrame>
      <label className="checkbox">
        <input
          type="checkbox"
          name="intercom_answer"
          defaultChecked={settings.answer_customers}
          key={`c${settings.answer_customers}`}
        />{' '}
        {t('intercomAnswer')}
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          name="intercom_public"
          defaultChecked={settings.public_replies}
          key={`p${settings.public_replies}`}
        />{' '}
        {t('intercomPublic')}
      </label>
    </ConnectionCard>
  );
}
