// Slack on the integrations page (issue 58): whether messages sent from Slack are captured, the workspace and the
// optional channel whose every message arrives, the app's signing secret and bot token (pasted, never shown again:
// only the token's last four characters), whether customers are answered in the thread, the two request URLs to
// paste into the Slack app, and the last message.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { translator } from '../../i18n/current';
import { ConnectionCard, connectionTime } from '../../ui/ConnectionCard';
import { FieldFrame } from '../../ui/FieldFrame';
import { slackSettings } from './slack';
import type { SlackSettings as Settings } from './slack-data';

export default function SlackSettings({ initial }: { initial: Settings }) {
  const t = translator('integrations');
  const settings = useStore(slackSettings.$settings) ?? initial;
  // The server's message under each field it refused; what was typed stays in the form (its inputs are uncontrolled).
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => slackSettings.start(initial), [initial]);

  async function save(data: FormData) {
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const done = await slackSettings.save({
      active: data.get('slack_active') === 'on',
      answer_customers: data.get('slack_answer') === 'on',
      team_id: text('slack_team'),
      channel: text('slack_channel'),
      signing_secret: text('slack_signing_secret'),
      bot_token: text('slack_bot_token'),
    });
    setErrors(!done.ok && done.error.kind === 'validation' ? done.error.fields : {});
    return done;
  }

  return (
    <ConnectionCard
      id="slack"
      name="Slack"
      intro={t('slackIntro')}
      addresses={[
        { label: t('slackInteractivity'), url: settings.interactivity_url, testId: 'slack-interactivity-url' },
        { label: t('slackEvents'), url: settings.events_url, testId: 'slack-events-url' },
      ]}
      state={[
        settings.active ? t('active') : t('off'),
        settings.bot_token ? t('slackTokenSet', { token: settings.bot_token }) : t('slackTokenMissing'),
        settings.signing_secret_set ? t('secretSet') : t('secretMissing'),
      ]}
      lastEvent={
        settings.last_event_at
          ? t('slackLastEvent', { time: connectionTime(settings.last_event_at) })
          : t('slackNoEvent')
      }
      onSave={save}
      saveLabel={t('save')}
    >
      <label className="checkbox">
        <input type="checkbox" name="slack_active" defaultChecked={settings.active} key={`a${settings.active}`} />{' '}
        {t('slackActive')}
      </label>
      <FieldFrame
        id="slack-signing-secret"
        label={t('slackSigningSecret')}
        hint={t('keepHint')}
        error={errors.signing_secret}
      >
        {(control) => (
          <input {...control} name="slack_signing_secret" type="password" autoComplete="off" maxLength={200} />
        )}
      </FieldFrame>
      <FieldFrame id="slack-bot-token" label={t('slackBotToken')} hint={t('keepHint')} error={errors.bot_token}>
        {(control) => (
          <input
            {...control}
            name="slack_bot_token"
            type="password"
            autoComplete="off"
            maxLength={300}
            pattern="xoxb-[A-Za-z0-9\-]{10,290}"
          />
        )}
      </FieldFrame>
      <FieldFrame id="slack-team" label={t('slackTeam')} error={errors.team_id}>
        {(control) => (
          <input
            {...control}
            name="slack_team"
            defaultValue={settings.team_id}
            maxLength={20}
            pattern="[TE][A-Z0-9]{2,19}"
            placeholder="T0123ABCD"
          />
        )}
      </FieldFrame>
      <FieldFrame id="slack-channel" label={t('slackChannel')} hint={t('slackChannelHint')} error={errors.channel}>
        {(control) => (
          <input
            {...control}
            name="slack_channel"
            defaultValue={settings.channel}
            maxLength={20}
            pattern="[CG][A-Z0-9]{2,19}"
            placeholder="C0123ABCD"
          />
        )}
      </FieldFrame>
      <label className="checkbox">
        <input
          type="checkbox"
          name="slack_answer"
          defaultChecked={settings.answer_customers}
          key={`c${settings.answer_customers}`}
        />{' '}
        {t('slackAnswer')}
      </label>
    </ConnectionCard>
  );
}
