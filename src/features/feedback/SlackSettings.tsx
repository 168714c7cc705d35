// Slack on the integrations page (issue 58): whether messages sent from Slack are captured, the workspace and the
// optional channel whose every message arrives, the app's signing secret and bot token (pasted, never shown again:
// only the token's last four characters), whether customers are answered in the thread, the two request URLs to
// paste into the Slack app, and the last message.
import { translator } from '../../i18n/current';
import { ConnectionCard } from '../../ui/ConnectionCard';
import { slackSettings } from './slack';
import type { SlackSettings as Settings } from './slack-data';

export default function SlackSettings({ initial }: { initial: Settings }) {
  const t = translator('integrations');
  return (
    <ConnectionCard
      name="Slack"
      intro={t('slackIntro')}
      store={slackSettings}
      initial={initial}
      shows={(settings) => ({
        addresses: [
          { label: t('slackInteractivity'), url: settings.interactivity_url, testId: 'slack-interactivity-url' },
          { label: t('slackEvents'), url: settings.events_url, testId: 'slack-events-url' },
        ],
        state: [
          settings.active ? t('active') : t('off'),
          settings.bot_token ? t('slackTokenSet', { token: settings.bot_token }) : t('slackTokenMissing'),
          settings.signing_secret_set ? t('secretSet') : t('secretMissing'),
        ],
        lastEvent: (time) => t('slackLastEvent', { time }),
        noEvent: t('slackNoEvent'),
      })}
      fields={[
        { kind: 'switch', field: 'active', name: 'slack_active', label: t('slackActive') },
        {
          kind: 'secret',
          field: 'signing_secret',
          id: 'slack-signing-secret',
          name: 'slack_signing_secret',
          label: t('slackSigningSecret'),
          hint: t('keepHint'),
          maxLength: 200,
        },
        {
          kind: 'secret',
          field: 'bot_token',
          id: 'slack-bot-token',
          name: 'slack_bot_token',
          label: t('slackBotToken'),
          hint: t('keepHint'),
          maxLength: 300,
          pattern: 'xoxb-[A-Za-z0-9\\-]{10,290}',
        },
        {
          kind: 'text',
          field: 'team_id',
          id: 'slack-team',
          name: 'slack_team',
          label: t('slackTeam'),
          maxLength: 20,
          pattern: '[TE][A-Z0-9]{2,19}',
          placeholder: 'T0123ABCD',
        },
        {
          kind: 'text',
          field: 'channel',
          id: 'slack-channel',
          name: 'slack_channel',
          label: t('slackChannel'),
          hint: t('slackChannelHint'),
          maxLength: 20,
          pattern: '[CG][A-Z0-9]{2,19}',
          placeholder: 'C0123ABCD',
        },
        { kind: 'switch', field: 'answer_customers', name: 'slack_answer', label: t('slackAnswer') },
      ]}
      saveLabel={t('save')}
    />
  );
}
