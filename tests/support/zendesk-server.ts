// A local Zendesk for tests: the Support API calls the feedback inbox's Zendesk source makes (GET
// /api/v2/tickets/{id}.json, /api/v2/tickets/{id}/comments.json, /api/v2/users/{id}.json, and PUT
// /api/v2/tickets/{id}.json with { ticket: { comment: { body, public } } } for the answer), answered in the shapes of
// Zendesk's API reference (developer.zendesk.com/api-reference/ticketing/tickets/tickets/, …/ticket_comments/ and
// …/users/users/: each object's documented properties, the errors' { error, description } bodies, 401 for a bad
// token, 404 RecordNotFound, 422 RecordInvalid for a closed ticket), the API token checked as Zendesk does (basic auth
// "{email}/token:{token}"). And webhooks signed exactly as Zendesk signs them (developer.zendesk.com/documentation/
// webhooks/verifying/): base64(HMAC-SHA256(signing secret, X-Zendesk-Webhook-Signature-Timestamp + raw body)), the
// timestamp in ISO 8601 as …/webhooks/anatomy-of-a-webhook-request shows it.
// To check the real one after connecting: `curl -u "$EMAIL/token:$TOKEN" https://$SUBDOMAIN.zendesk.com/api/v2/tickets/
// $ID/comments.json` shows the fields read here (id, public, plain_body, author_id), and Zendesk's webhook page has a
// "Test webhook" button that sends a signed request whose refusal or capture Chorus's log shows.
import { createHmac } from 'node:crypto';
import { startJsonServer } from './tracker-server';

export const SUBDOMAIN = 'acme';

export interface ZendeskUser {
  id: number;
  name: string;
  email: string;
  role: 'end-user' | 'agent' | 'admin';
  suspended?: boolean;
}

export interface ZendeskComment {
  id: number;
  body: string;
  public: boolean;
  author_id: number;
}

interface Ticket {
  id: number;
  subject: string;
  requester_id: number;
  tags: string[];
  status: 'new' | 'open' | 'pending' | 'solved' | 'closed';
  comments: ZendeskComment[];
}

const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A user as GET /api/v2/users/{id}.json answers it (the documented properties this source and an agent read). */
function userObject(user: ZendeskUser) {
  return {
    id: user.id,
    url: `https://${SUBDOMAIN}.zendesk.com/api/v2/users/${user.id}.json`,
    name: user.name,
    email: user.email,
    created_at: at(Date.now() - 86_400_000),
    updated_at: at(Date.now()),
    time_zone: 'Eastern Time (US & Canada)',
    iana_time_zone: 'America/New_York',
    phone: null,
    shared_phone_number: null,
    photo: null,
    locale_id: 1,
    locale: 'en-US',
    organization_id: null,
    role: user.role,
    verified: true,
    external_id: null,
    tags: [],
    alias: '',
    active: true,
    shared: false,
    shared_agent: false,
    last_login_at: null,
    two_factor_auth_enabled: null,
    signature: null,
    details: '',
    notes: '',
    role_type: null,
    custom_role_id: null,
    moderator: false,
    ticket_restriction: user.role === 'end-user' ? 'requested' : null,
    only_private_comments: false,
    restricted_agent: user.role === 'end-user',
    suspended: Boolean(user.suspended),
    default_group_id: null,
    report_csv: false,
    user_fields: {},
  };
}

/** A ticket as GET /api/v2/tickets/{id}.json answers it. */
function ticketObject(ticket: Ticket) {
  return {
    url: `https://${SUBDOMAIN}.zendesk.com/api/v2/tickets/${ticket.id}.json`,
    id: ticket.id,
    external_id: null,
    via: { channel: 'email', source: { from: {}, to: {}, rel: null } },
    created_at: at(Date.now() - 3_600_000),
    updated_at: at(Date.now()),
    generated_timestamp: Math.floor(Date.now() / 1000),
    type: 'question',
    subject: ticket.subject,
    raw_subject: ticket.subject,
    description: ticket.comments[0]?.body ?? '',
    priority: 'normal',
    status: ticket.status,
    recipient: `support@${SUBDOMAIN}.zendesk.com`,
    requester_id: ticket.requester_id,
    submitter_id: ticket.requester_id,
    assignee_id: null,
    organization_id: null,
    group_id: null,
    collaborator_ids: [],
    follower_ids: [],
    email_cc_ids: [],
    forum_topic_id: null,
    problem_id: null,
    has_incidents: false,
    is_public: true,
    due_at: null,
    tags: ticket.tags,
    custom_fields: [],
    satisfaction_rating: null,
    sharing_agreement_ids: [],
    custom_status_id: 1,
    encoded_id: `ZD${ticket.id}`,
    fields: [],
    followup_ids: [],
    ticket_form_id: 1,
    brand_id: 1,
    allow_channelback: false,
    allow_attachments: true,
    from_messaging_channel: false,
  };
}

/** A comment as GET /api/v2/tickets/{id}/comments.json lists it. */
const commentObject = (comment: ZendeskComment) => ({
  id: comment.id,
  type: 'Comment',
  author_id: comment.author_id,
  body: comment.body,
  html_body: `<div class="zd-comment"><p>${comment.body}</p></div>`,
  plain_body: comment.body,
  public: comment.public,
  attachments: [],
  audit_id: comment.id + 1,
  via: { channel: 'web', source: { from: {}, to: {}, rel: null } },
  created_at: at(Date.now()),
  metadata: { system: {}, custom: {} },
});

const notFound = { status: 404, body: { error: 'RecordNotFound', description: 'Not found' } };

export async function startZendeskServer({ email, token }: { email: string; token: string }) {
  const users = new Map<number, ZendeskUser>();
  const tickets = new Map<number, Ticket>();
  let putFailures = 0; // PUT calls still to answer with `putStatus`
  let putStatus = 503;
  let nextId = 1000;
  const expected = `Basic ${Buffer.from(`${email}/token:${token}`).toString('base64')}`;
  const server = await startJsonServer((call, authorization) => {
    if (authorization !== expected) return { status: 401, body: { error: "Couldn't authenticate you" } };
    const url = new URL(call.path, 'http://zendesk.local');
    const user = /^\/api\/v2\/users\/(\d+)\.json$/.exec(url.pathname);
    if (call.method === 'GET' && user) {
      const found = users.get(Number(user[1]));
      return found ? { status: 200, body: { user: userObject(found) } } : notFound;
    }
    const comments = /^\/api\/v2\/tickets\/(\d+)\/comments\.json$/.exec(url.pathname);
    if (call.method === 'GET' && comments) {
      const found = tickets.get(Number(comments[1]));
      if (!found) return notFound;
      const list = found.comments.map(commentObject);
      return { status: 200, body: { comments: list, next_page: null, previous_page: null, count: list.length } };
    }
    const ticket = /^\/api\/v2\/tickets\/(\d+)\.json$/.exec(url.pathname);
    const found = ticket ? tickets.get(Number(ticket[1])) : undefined;
    if (call.method === 'GET' && ticket)
      return found ? { status: 200, body: { ticket: ticketObject(found) } } : notFound;
    if (call.method === 'PUT' && ticket) {
      if (putFailures > 0) {
        putFailures -= 1;
        return { status: putStatus, body: { error: 'ServiceUnavailable', description: 'Try again later' } };
      }
      if (!found) return notFound;
      if (found.status === 'closed') {
        const details = { status: [{ description: 'Status: closed prevents ticket update' }] };
        return { status: 422, body: { error: 'RecordInvalid', description: 'Record validation errors', details } };
      }
      const comment = (call.body as { ticket?: { comment?: { body?: string; public?: boolean } } })?.ticket?.comment;
      if (!comment?.body) {
        return { status: 422, body: { error: 'RecordInvalid', description: 'Record validation errors' } };
      }
      const agent = [...users.values()].find((one) => one.email === email);
      nextId += 1;
      found.comments.push({
        id: nextId,
        body: comment.body,
        public: comment.public !== false,
        author_id: agent?.id ?? 0,
      });
      return { status: 200, body: { ticket: ticketObject(found), audit: { id: nextId + 1, ticket_id: found.id } } };
    }
    return notFound;
  });
  return {
    ...server,
    addUser(user: ZendeskUser) {
      users.set(user.id, user);
    },
    /** A ticket from `requester` whose first comment (public) says `said`. */
    addTicket(requester: number, subject: string, said: string, tags: string[] = ['feedback']): Ticket {
      nextId += 10;
      const ticket: Ticket = {
        id: nextId,
        subject,
        requester_id: requester,
        tags,
        status: 'open',
        comments: [{ id: nextId * 1000 + 1, body: said, public: true, author_id: requester }],
      };
      tickets.set(ticket.id, ticket);
      return ticket;
    },
    ticket: (id: number) => tickets.get(id),
    /** The next `count` PUT calls answer `status` (503: Zendesk down for a moment). */
    failPuts(count: number, status = 503) {
      putFailures = count;
      putStatus = status;
    },
    /** The comments PUT on ticket `id`, oldest first. */
    puts(id: number) {
      return server.calls
        .filter((call) => call.method === 'PUT' && call.path === `/api/v2/tickets/${id}.json`)
        .map((call) => (call.body as { ticket: { comment: { body: string; public: boolean } } }).ticket.comment);
    },
  };
}

export interface ZendeskSigned {
  secret: string;
  /** Seconds since the epoch (now by default), sent as ISO 8601. */
  timestamp?: number;
  signature?: string;
  headers?: Record<string, string>;
}

/** Posts `body` to `url` signed as Zendesk signs: base64(HMAC-SHA256(secret, timestamp + body)). */
export function postZendeskSigned(url: string, body: string, options: ZendeskSigned) {
  const timestamp = at((options.timestamp ?? Math.floor(Date.now() / 1000)) * 1000);
  const signature =
    options.signature ?? createHmac('sha256', options.secret).update(`${timestamp}${body}`).digest('base64');
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-zendesk-account-id': '123456',
      'x-zendesk-webhook-id': '01F1KRFQ6BG29CNWFR60NK5FNY',
      'x-zendesk-webhook-invocation-id': String(Math.floor(Math.random() * 1e10)),
      'x-zendesk-webhook-signature': signature,
      'x-zendesk-webhook-signature-timestamp': timestamp,
      ...options.headers,
    },
    body,
  });
}
