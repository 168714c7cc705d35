// A local Slack for tests: the Web API methods the feedback inbox's Slack source calls (users.info,
// chat.getPermalink, and chat.postMessage for the answer in a customer's thread) and the response_url an interaction carries, answered in the shapes of Slack's published
// OpenAPI spec (tests/fixtures/slack/slack-api.json, copied from github.com/slackapi/slack-api-specs: each 200
// example, the user object's required fields, and the Events API wrapper's), the bot token checked as Slack does
// ({ ok: false, error: "invalid_auth" } with HTTP 200). And requests signed exactly as Slack signs them
// (api.slack.com/authentication/verifying-requests-from-slack): the interaction payloads of a message shortcut and
// of a block_actions click (docs.slack.dev/reference/interaction-payloads/shortcuts-interaction-payload and
// …/block_actions-payload), and event_callback message events (api.slack.com/events/message).
// To check the real ones after connecting: run the shortcut on a message and read the item (its permalink opens the
// message), and `curl -H "Authorization: Bearer $BOT_TOKEN" "https://slack.com/api/users.info?user=U…"` shows the
// fields read here (profile.email is present only with the users:read.email scope).
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startJsonServer } from './tracker-server';

const RECORDED = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/slack/slack-api.json'), 'utf8'));

export const TEAM = { id: 'T012AB3C4', domain: 'acme' };

export interface SlackPerson {
  id: string;
  email: string;
  realName: string;
  guest?: boolean;
  bot?: boolean;
  team?: string;
}

/** A users.info user: Slack's recorded example with this person's id, names, email and team. */
function userObject(person: SlackPerson) {
  const example = RECORDED['users.info'].example.user;
  const user = {
    ...example,
    id: person.id,
    name: person.realName.toLowerCase().replace(/\s+/g, '.'),
    real_name: person.realName,
    team_id: person.team ?? TEAM.id,
    is_admin: false,
    is_bot: Boolean(person.bot),
    is_restricted: Boolean(person.guest),
    profile: {
      ...example.profile,
      display_name: person.realName.split(' ')[0],
      real_name: person.realName,
      real_name_normalized: person.realName,
      email: person.email,
      team: person.team ?? TEAM.id,
    },
  };
  for (const field of RECORDED['users.info'].required) {
    if (!(field in user)) throw new Error(`users.info's user lacks ${field}`);
  }
  return user;
}

export async function startSlackServer({ token }: { token: string }) {
  const people = new Map<string, SlackPerson>();
  let postFailures = 0; // chat.postMessage calls still to answer with `postError`
  let postError = 'internal_error';
  let postCount = 0;
  const server = await startJsonServer((call, authorization) => {
    const url = new URL(call.path, 'http://slack.local');
    if (call.method === 'POST' && url.pathname.startsWith('/actions/')) return { status: 200, body: { ok: true } };
    if (authorization !== `Bearer ${token}`) return { status: 200, body: { ok: false, error: 'invalid_auth' } };
    if (call.method === 'GET' && url.pathname === '/api/users.info') {
      const person = people.get(url.searchParams.get('user') ?? '');
      return person
        ? { status: 200, body: { ok: true, user: userObject(person) } }
        : { status: 200, body: RECORDED['users.info'].error };
    }
    if (call.method === 'GET' && url.pathname === '/api/chat.getPermalink') {
      const channel = url.searchParams.get('channel') ?? '';
      const ts = url.searchParams.get('message_ts') ?? '';
      const body = {
        ...RECORDED['chat.getPermalink'].example,
        channel,
        permalink: `https://${TEAM.domain}.slack.com/archives/${channel}/p${ts.replace('.', '')}`,
      };
      return { status: 200, body };
    }
    if (call.method === 'POST' && url.pathname === '/api/chat.postMessage') {
      const message = call.body as { channel?: string; text?: string; thread_ts?: string };
      if (postFailures > 0) {
        postFailures -= 1;
        return { status: 200, body: { ok: false, error: postError } };
      }
      if (!message?.channel || !message.text) return { status: 200, body: RECORDED['chat.postMessage'].error };
      postCount += 1;
      const ts = `${Math.floor(Date.now() / 1000)}.${String(postCount).padStart(6, '0')}`;
      const example = RECORDED['chat.postMessage'].example;
      const body = {
        ...example,
        channel: message.channel,
        ts,
        message: { ...example.message, text: message.text, ts, thread_ts: message.thread_ts },
      };
      return { status: 200, body };
    }
    return { status: 200, body: { ok: false, error: 'unknown_method' } };
  });
  let hooks = 0;
  return {
    ...server,
    apiUrl: `${server.url}/api`,
    addPerson(person: SlackPerson) {
      people.set(person.id, person);
    },
    /** A fresh response_url on this server, as Slack gives one per interaction. */
    responseUrl() {
      hooks += 1;
      return `${server.url}/actions/${TEAM.id}/${hooks}/hook${hooks}`;
    },
    /** What was posted to a response_url. */
    answersTo(url: string) {
      return server.calls.filter((call) => url.endsWith(call.path)).map((call) => call.body as SlackAnswer);
    },
    /** The next `count` chat.postMessage calls answer { ok: false, error } (HTTP 200), as Slack refuses one. */
    failPosts(count: number, error = 'internal_error') {
      postFailures = count;
      postError = error;
    },
    /** The messages posted with chat.postMessage (channel, thread_ts, text, blocks), oldest first. */
    posted() {
      return server.calls
        .filter((call) => call.path === '/api/chat.postMessage')
        .map((call) => call.body as { channel: string; thread_ts?: string; text: string });
    },
    callsOf(method: string) {
      return server.calls.filter((call) => call.path.startsWith(`/api/${method}`));
    },
  };
}

export interface SlackAnswer {
  response_type: string;
  replace_original: boolean;
  text: string;
  blocks?: { type: string; text?: { text: string }; accessory?: { value: string; action_id: string } }[];
}

export interface SignedOptions {
  secret: string;
  timestamp?: number;
  signature?: string;
  headers?: Record<string, string>;
}

/** Posts `body` to `url` signed as Slack signs: v0=HMAC-SHA256(secret, "v0:<timestamp>:<body>"). */
export async function postSigned(url: string, body: string, contentType: string, options: SignedOptions) {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const signature =
    options.signature ?? `v0=${createHmac('sha256', options.secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': signature,
      ...options.headers,
    },
    body,
  });
}

/** An interaction payload, form-encoded as Slack sends it (payload=<JSON>). */
export const interactionBody = (payload: unknown) => `payload=${encodeURIComponent(JSON.stringify(payload))}`;

export interface SlackMessage {
  ts: string;
  user: string;
  text: string;
}

/** A "Send to feedback" message shortcut on `message` in `channel`, run by `user`. */
export const shortcutPayload = (user: string, channel: string, message: SlackMessage, responseUrl: string) => ({
  type: 'message_action',
  token: 'verification-token-deprecated',
  action_ts: `${Math.floor(Date.now() / 1000)}.000100`,
  team: TEAM,
  user: { id: user, name: user.toLowerCase(), username: user.toLowerCase(), team_id: TEAM.id },
  channel: { id: channel, name: 'support' },
  is_enterprise_install: false,
  enterprise: null,
  callback_id: 'send_to_feedback',
  trigger_id: '13345224609.738474920.8088930838d88f008e0',
  response_url: responseUrl,
  message_ts: message.ts,
  message: { type: 'message', ...message },
});

/** A click on a button of an ephemeral answer (block_actions). */
export const clickPayload = (user: string, action: { action_id: string; value: string }, responseUrl: string) => ({
  type: 'block_actions',
  token: 'verification-token-deprecated',
  api_app_id: 'A02',
  team: TEAM,
  user: { id: user, username: user.toLowerCase(), name: user.toLowerCase(), team_id: TEAM.id },
  container: { type: 'message', message_ts: '1548261231.000200', channel_id: 'C0SUPPORT', is_ephemeral: true },
  trigger_id: '12345.98765.abcd2358fdea',
  channel: { id: 'C0SUPPORT', name: 'support' },
  response_url: responseUrl,
  actions: [
    {
      type: 'button',
      block_id: 'b1',
      text: { type: 'plain_text', text: 'Link' },
      action_ts: '1548426417.840180',
      ...action,
    },
  ],
});

/** An Events API delivery of `event` (Slack's wrapper, every required field present). */
export function eventCallback(event: Record<string, unknown>) {
  const wrapped = {
    token: 'verification-token-deprecated',
    team_id: TEAM.id,
    api_app_id: 'A02',
    event: { event_ts: event.ts, channel_type: 'channel', ...event },
    type: 'event_callback',
    event_id: `Ev${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    event_time: Math.floor(Date.now() / 1000),
    authed_users: [],
  };
  for (const field of RECORDED.event_callback.required) {
    if (!(field in wrapped)) throw new Error(`the event wrapper lacks ${field}`);
  }
  return wrapped;
}
