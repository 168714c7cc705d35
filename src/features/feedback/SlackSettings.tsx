// Slack on the integrations page (issue 58): whether messages sent from Slack are captured, the workspace and the
// optional channel whose every message arrives, the app's signing secret and bot token (pasted, never shown again:
// only the token's last four characters), whether customers are answered in the thread, the two request URLs to
// paste into the Slack app, and the last message.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { currentLocale, translator } from '../../i18n/current';
import { FieldFrame } from '../../ui/FieldFrame';
import { slackSettings } from './slack';
import type { SlackSettings as Settings } from './slack-data';

const dateTime = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export default function SlackSettings({ initial }: { initial: Settings }) {
  const t = translator('integrations');
  const settings = useStore(slackSettings.$settings) ?? initial;
  // The server's message under each field it refused; what was typed stays in the form (its inputs are uncontrolled).
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => slackSettings.start(initial), [initial]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
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
    if (done.ok) {
      for (const name of ['slack_signing_secret', 'slack_bot_token']) {
        const field = form.elements.namedItem(name);
        if (field instanceof HTMLInputElement) field.value = '';
      }
    }
  }

  return (
    <section className="card stack connection-settings" aria-labelledby="slack-title" data-testid="slack-settings">
      <h2 id="slack-title">Slack</h2>
      <p>{t('slackIntro')}</p>
      <p>
        {t('slackInteractivity')} <code data-testid="slack-interactivity-url">{settings.interactivity_url}</code>
      </p>
      <p>
        {t('slackEvents')} <code data-testid="slack-events-url">{settings.events_url}</code>
      </p>
      <p data-testid="slack-state">
        {settings.active ? t('active') : t('off')} ·{' '}
        {settings.bot_token ? t('slackTokenSet', { token: settings.bot_token }) : t('slackTokenMissing')} ·{' '}
        {settings.signing_secret_set ? t('secretSet') : t('secretMissing')}
      </p>
      <p data-testid="slack-last-event">
        {settings.last_event_at
          ? t('slackLastEvent', { time: dateTime(currentLocale(), settings.last_event_at) })
          : t('slackNoEvent')}
      </p>
      <form className="admin-form" onSubmit={save} aria-labelledby="slack-title">
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
        <button type="submit" className="button primary">
          {t('save')}
        </button>
      </form>
    </section>
  );
}
