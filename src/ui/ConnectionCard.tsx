// One outside service's card on the integrations page (Slack, Zendesk, Stripe, HubSpot): its name, what it does, the
// addresses to paste into it, its state and last event, and its settings' form, whose secrets (the password fields)
// are emptied once saved: a secret is never shown again.
import type { FormEvent, ReactNode } from 'react';
import { currentLocale } from '../i18n/current';
import { formatList } from '../i18n/list-format';

/** When something last arrived, in the page's language. */
export const connectionTime = (iso: string) =>
  new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

interface Props {
  /** Names the heading (`<id>-title`) and the test ids (`<id>-settings`, `-state`, `-last-event`). */
  id: string;
  name: string;
  intro: string;
  /** What the admin pastes into the service: PocketBase's public addresses. */
  addresses: { label: string; url: string; testId: string }[];
  /** The state's parts, listed in the page's language: on or off, each secret set or missing. */
  state: string[];
  lastEvent: string;
  /** Lines after the last event (HubSpot's last sync). */
  more?: ReactNode;
  /** Saves what the form holds; the secrets are emptied when it worked. */
  onSave: (form: FormData) => Promise<{ ok: boolean }>;
  saveLabel: string;
  /** Buttons after Save (HubSpot's "sync now"). */
  actions?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
}

export function ConnectionCard(props: Props) {
  const { id, name, intro, addresses, state, lastEvent, more, onSave, saveLabel, actions, children } = props;
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const done = await onSave(new FormData(form));
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
      <p data-testid={`${id}-last-event`}>{lastEvent}</p>
      {more}
      <form className="admin-form" onSubmit={save} aria-labelledby={`${id}-title`}>
        {children}
        <button type="submit" className="button primary">
          {saveLabel}
        </button>
        {actions}
      </form>
    </section>
  );
}
