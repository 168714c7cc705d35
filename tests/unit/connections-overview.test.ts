// The integrations page's overview (src/features/integrations/overview.ts): each connection's state from what is set.
import { describe, expect, it } from 'vitest';
import type { HubSpotSettings } from '../../src/features/customers/hubspot-data';
import type { StripeSettings } from '../../src/features/customers/stripe-data';
import type { IntercomSettings } from '../../src/features/feedback/intercom-data';
import type { SlackSettings } from '../../src/features/feedback/slack-data';
import type { ZendeskSettings } from '../../src/features/feedback/zendesk-data';
import { connectionsOverview, manyState, settingsState } from '../../src/features/integrations/overview';

const slack: SlackSettings = {
  active: false,
  answer_customers: true,
  team_id: '',
  channel: '',
  signing_secret_set: false,
  bot_token: '',
  last_event_at: '',
  interactivity_url: '',
  events_url: '',
};
const zendesk: ZendeskSettings = {
  active: true,
  subdomain: 'acme',
  agent_email: 'agent@acme.test',
  api_token: '…wxyz',
  signing_secret_set: true,
  app_token_set: false,
  capture_tag: 'feedback',
  public_replies: false,
  answer_customers: true,
  last_event_at: '2026-11-28 06:00:00.000Z',
  webhook_url: '',
  app_package_url: '',
};
// Switched off before the workspace was named: its links would lead nowhere, so it is not set up.
const intercom: IntercomSettings = {
  active: false,
  region: 'eu',
  workspace_id: '',
  admin_id: '814860',
  access_token: '…abcd',
  client_secret_set: true,
  capture_tag: 'feedback',
  public_replies: false,
  answer_customers: true,
  last_event_at: '',
  webhook_url: '',
  canvas_initialize_url: '',
  canvas_submit_url: '',
};
const stripe: StripeSettings = {
  active: true,
  secret_key: 'rk_live_…1234',
  webhook_secret_set: false,
  last_event_at: '',
  last_event_type: '',
  last_outcome: '',
  webhook_url: '',
};
const hubspot: HubSpotSettings = {
  active: false,
  access_token: 'pat-…9999',
  client_secret_set: true,
  last_event_at: '',
  last_event_type: '',
  last_outcome: '',
  sync_requested: false,
  sync_at: '',
  sync_outcome: '',
  webhook_url: '',
};

describe('connections overview', () => {
  it('is on only when switched on with its secrets, off when set up and switched off, else not set up', () => {
    expect(settingsState(true, true)).toBe('on');
    expect(settingsState(false, true)).toBe('off');
    expect(settingsState(true, false)).toBe('notSetUp');
    expect(settingsState(false, false)).toBe('notSetUp');
  });

  it('is on for a kind of several when any is on, off when all are off, not set up when there is none', () => {
    expect(manyState([])).toBe('notSetUp');
    expect(manyState([{ on: false }, { on: false }])).toBe('off');
    expect(manyState([{ on: false }, { on: true }])).toBe('on');
  });

  it('lists every connection once with its state, count, last event and where to set it up', () => {
    const rows = connectionsOverview({
      slack,
      zendesk,
      intercom,
      stripe,
      hubspot,
      trackers: [
        { provider: 'github', active: true },
        { provider: 'github', active: false },
        { provider: 'jira', active: false },
      ],
      webhooks: [
        { kind: 'standard', paused: true },
        { kind: 'rest_hook', paused: false },
      ],
    });
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(rows.map((row) => row.name)).toEqual([
      'Slack',
      'Zendesk',
      'Intercom',
      'Stripe',
      'HubSpot',
      'GitHub',
      'Linear',
      'Jira',
      'Webhooks',
      'Zapier, Make, n8n',
    ]);
    expect(byName.Slack).toMatchObject({ state: 'notSetUp', lastEvent: '', href: '#slack-title' });
    expect(byName.Zendesk).toMatchObject({ state: 'on', lastEvent: zendesk.last_event_at });
    expect(byName.Intercom).toMatchObject({ state: 'notSetUp', href: '#intercom-title' });
    expect(
      connectionsOverview({
        slack,
        zendesk,
        intercom: { ...intercom, workspace_id: 'ab12cd34' },
        stripe,
        hubspot,
        trackers: [],
        webhooks: [],
      }).find((row) => row.name === 'Intercom'),
    ).toMatchObject({ state: 'off' });
    // A live key without its signing secret cannot prove Stripe's calls: not set up, though switched on.
    expect(byName.Stripe).toMatchObject({ state: 'notSetUp' });
    expect(byName.HubSpot).toMatchObject({ state: 'off' });
    expect(byName.GitHub).toMatchObject({ state: 'on', count: 2, href: '#trackers' });
    expect(byName.Linear).toMatchObject({ state: 'notSetUp', count: 0 });
    expect(byName.Jira).toMatchObject({ state: 'off', count: 1 });
    expect(byName.Webhooks).toMatchObject({ state: 'off', count: 1, href: '/admin/webhooks' });
    expect(byName['Zapier, Make, n8n']).toMatchObject({ state: 'on', count: 1, href: '/admin/api-keys' });
  });
});
