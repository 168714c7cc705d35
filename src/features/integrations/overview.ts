// Every connection on one look (issue 58, item 6): the integrations page's first table, one row each (Slack, Zendesk,
// Intercom, Stripe, HubSpot, each tracker, webhooks, Zapier/Make/n8n) with its state, its last event and where to set it up.
import type { HubSpotSettings } from '../customers/hubspot-data';
import type { StripeSettings } from '../customers/stripe-data';
import type { IntercomSettings } from '../feedback/intercom-data';
import type { SlackSettings } from '../feedback/slack-data';
import type { ZendeskSettings } from '../feedback/zendesk-data';
import type { TrackerConnection } from '../trackers/trackers-data';
import type { WebhookRecord } from '../webhooks/webhooks-data';

/** On: it works now; off: set up, switched off (or every endpoint paused); not set up: a secret is missing. */
export type ConnectionState = 'on' | 'off' | 'notSetUp';

export interface OverviewRow {
  name: string;
  state: ConnectionState;
  /** How many there are, where a kind holds several (trackers, webhook endpoints). */
  count?: number;
  /** ISO time of the last event received, '' when none arrived or the kind keeps none. */
  lastEvent: string;
  /** Where it is set up: a section of the integrations page, or the admin page that owns it. */
  href: string;
}

export interface OverviewInput {
  slack: SlackSettings;
  zendesk: ZendeskSettings;
  intercom: IntercomSettings;
  stripe: StripeSettings;
  hubspot: HubSpotSettings;
  trackers: Pick<TrackerConnection, 'provider' | 'active'>[];
  webhooks: Pick<WebhookRecord, 'kind' | 'paused'>[];
}

/** A service with one settings record: on only when switched on with what it needs to prove and answer calls. */
export function settingsState(active: boolean, configured: boolean): ConnectionState {
  if (!configured) return 'notSetUp';
  return active ? 'on' : 'off';
}

/** A kind with several (trackers, endpoints): on when any works, off when all are switched off, else not set up. */
export function manyState(items: { on: boolean }[]): ConnectionState {
  if (items.length === 0) return 'notSetUp';
  return items.some((item) => item.on) ? 'on' : 'off';
}

const TRACKERS = [
  ['github', 'GitHub'],
  ['linear', 'Linear'],
  ['jira', 'Jira'],
] as const;

export function connectionsOverview({
  slack,
  zendesk,
  intercom,
  stripe,
  hubspot,
  trackers,
  webhooks,
}: OverviewInput): OverviewRow[] {
  const endpoints = (restHooks: boolean) =>
    webhooks.filter((hook) => (hook.kind === 'rest_hook') === restHooks).map((hook) => ({ on: !hook.paused }));
  const many = (name: string, items: { on: boolean }[], href: string): OverviewRow => ({
    name,
    state: manyState(items),
    count: items.length,
    lastEvent: '',
    href,
  });
  return [
    {
      name: 'Slack',
      state: settingsState(slack.active, slack.signing_secret_set && slack.bot_token !== ''),
      lastEvent: slack.last_event_at,
      href: '#slack-title',
    },
    {
      name: 'Zendesk',
      state: settingsState(
        zendesk.active,
        zendesk.signing_secret_set && zendesk.api_token !== '' && zendesk.subdomain !== '',
      ),
      lastEvent: zendesk.last_event_at,
      href: '#zendesk-title',
    },
    {
      name: 'Intercom',
      state: settingsState(
        intercom.active,
        intercom.client_secret_set && intercom.access_token !== '' && intercom.workspace_id !== '',
      ),
      lastEvent: intercom.last_event_at,
      href: '#intercom-title',
    },
    {
      name: 'Stripe',
      state: settingsState(stripe.active, stripe.webhook_secret_set && stripe.secret_key !== ''),
      lastEvent: stripe.last_event_at,
      href: '#stripe-title',
    },
    {
      name: 'HubSpot',
      state: settingsState(hubspot.active, hubspot.client_secret_set && hubspot.access_token !== ''),
      lastEvent: hubspot.last_event_at,
      href: '#hubspot-title',
    },
    ...TRACKERS.map(([provider, name]) =>
      many(
        name,
        trackers.filter((tracker) => tracker.provider === provider).map((tracker) => ({ on: tracker.active })),
        '#trackers',
      ),
    ),
    many('Webhooks', endpoints(false), '/admin/webhooks'),
    many('Zapier, Make, n8n', endpoints(true), '/admin/api-keys'),
  ];
}
