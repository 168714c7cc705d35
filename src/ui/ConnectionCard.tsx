// One outside service's card on the integrations page (Slack, Zendesk, Intercom, Stripe, HubSpot): its name, what it
// does, the addresses to paste into it, its state and last event, and its settings' form, declared as a list of
// fields (SettingsFields), whose secrets (the password fields) are emptied once saved: a secret is never shown again.
import type { FormEvent, ReactNode } from 'react';
import { currentLocale } from '../i18n/current';
import { formatList } from '../i18n/list-format';
import type { ConnectionSettings } from '../lib/pb/connection-settings';
import type { ConnectionSettingsStore } from '../stores/connection-settings';
import { type SettingField, SettingsFields, useConnectionForm } from './SettingsFields';

/** When something last arrived, in the page's language. */
export const connectionTime = (iso: string) =>
  new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** What the card tells of the settings as they stand. */
interface Shown {
  /** What the admin pastes into the service: PocketBase's public addresses. */
  addresses: { label: string; url: string; testId: string }[];
  /** The state's parts, listed in the page's language: on or off, each secret set or missing. */
  state: string[];
  /** The last event, told with when it came (in the page's language). */
  lastEvent: (time: string) => string;
  /** What the card says before any event came. */
  noEvent: string;
  /** Lines after the last event (HubSpot's last sync). */
  more?: ReactNode;
  /** Buttons after Save (HubSpot's "sync now"). */
  actions?: ReactNode;
}

interface Props<S extends ConnectionSettings, I> {
  /** The service's name; in lower case it names the heading (`<id>-title`) and the test ids (`<id>-settings`, …). */
  name: string;
  intro: string;
  /** The settings the page loaded, replaced by each save's answer. */
  store: ConnectionSettingsStore<S, I>;
  initial: S;
  shows: (settings: S) => Shown;
  /** The form's fields, each one setting of the input. */
  fields: SettingField<Extract<keyof I, string>>[];
  saveLabel: string;
}

export function ConnectionCard<S extends ConnectionSettings, I>(props: Props<S, I>) {
  const { name, intro, store, initial, shows, fields, saveLabel } = props;
  const id = name.toLowerCase();
  const { settings, save, fieldsProps } = useConnectionForm(store, initial, fields);
  const { addresses, state, lastEvent, noEvent, more, actions } = shows(settings);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const done = await save(new FormData(form));
    if (!done.ok) return;
    for (const secret of form.querySelectorAll<HTMLInputElement>('input[type="password"]')) secret.value = '';
  }
  return (
    <section className="card stack connection-settings" aria-labelledby={`${id}-title`} data-testid={`${id}-settings`}>
      <h2 id={`${id}-title`}>{name}</h2>
      <p>{intro}</p>
      {addresses.map(({ label, url, testId }) => (
        <p key={testId}>
          {label} <code data-testid={testId}>{url}</code>
        </p>
      ))}
      <p data-testid={`${id}-state`}>{formatList(currentLocale(), state)}</p>
      <p data-testid={`${id}-last-event`}>
        {settings.last_event_at ? lastEvent(connectionTime(settings.last_event_at)) : noEvent}
      </p>
      {more}
      <form className="admin-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
        <SettingsFields {...fieldsProps} />
        <button type="submit" className="button primary">
          {saveLabel}
        </button>
        {actions}
      </form>
    </section>
  );
}
