// A local Intercom for tests: the REST API calls the feedback inbox's Intercom source makes (GET /conversations/{id},
// /contacts/{id}, /admins/{id}, and POST /conversations/{id}/reply with { message_type: 'note' | 'comment', type:
// 'admin', admin_id, body } for the answer), answered in the shapes of Intercom's API reference, version 2.11
// (developers.intercom.com/docs/references/2.11/rest-api/api.intercom.io/conversations/retrieveconversation,
// …/contacts/showcontact, …/admins/retrieveadmin and …/conversations/replyconversation: each object's documented
// properties, errors as { type: 'error.list', request_id, errors: [{ code, message }] }, 401 for a bad token, 404
// not_found), the access token checked as Intercom does (Authorization: Bearer). And notifications signed exactly as
// Intercom signs them (developers.intercom.com/docs/webhooks/setting-up-webhooks, "Signed notifications";
// …/webhooks/webhook-models for the notification_event and its topics): X-Hub-Signature: sha1=<hex HMAC-SHA1 of the
// raw body keyed with the app's client secret>.
// To check the real one after connecting: `curl -H "Authorization: Bearer $TOKEN" -H "Intercom-Version: 2.11"
// https://api.intercom.io/conversations/$ID` shows the fields read here (source, contacts, tags with applied_by,
// conversation_parts with part_type, author and body), and the Developer Hub's webhooks page sends a test
// notification (topic "ping") that Chorus answers 200, and shows each delivery's response.
// The inbox app's requests (canvasRequest, postCanvasSigned) are Canvas Kit's for an app in the conversation details
// (developers.intercom.com/docs/canvas-kit, "Requests" and "Signing notifications"; …/docs/build-an-integration/
// getting-started/build-an-app-for-your-inbox): the initialize request { workspace_id, workspace_region, admin,
// card_creation_options, context, conversation, contact }, a submit's the same with component_id, input_values,
// current_canvas and stored_data; signed X-Body-Signature: <hex HMAC-SHA256 of the raw body with the client secret>.
import { createHmac, randomUUID } from 'node:crypto';
import { startJsonServer } from './tracker-server';

export const WORKSPACE = 'ab12cd34';

export interface IntercomAdmin {
  id: string;
  name: string;
  email: string;
}

export interface IntercomContact {
  id: string;
  name: string;
  email: string | null;
  role?: 'user' | 'lead';
}

interface Part {
  id: string;
  part_type: 'comment' | 'note' | 'close' | 'assignment';
  body: string | null;
  author: { type: 'user' | 'lead' | 'admin' | 'bot'; id: string };
}

interface Conversation {
  id: string;
  title: string | null;
  contact: string;
  opening: Part;
  parts: Part[];
  tags: { name: string; appliedBy: string }[];
  deleted?: boolean;
}

const seconds = (ms = Date.now()) => Math.floor(ms / 1000);

const adminObject = (admin: IntercomAdmin) => ({
  type: 'admin',
  id: admin.id,
  name: admin.name,
  email: admin.email,
  email_verified: true,
  job_title: 'Support',
  away_mode_enabled: false,
  away_mode_reassign: false,
  has_inbox_seat: true,
  team_ids: [],
  avatar: null,
});

const contactObject = (contact: IntercomContact) => ({
  type: 'contact',
  id: contact.id,
  workspace_id: WORKSPACE,
  external_id: null,
  role: contact.role ?? 'user',
  email: contact.email,
  email_domain: contact.email?.split('@')[1] ?? '',
  phone: null,
  name: contact.name,
  owner_id: null,
  has_hard_bounced: false,
  marked_email_as_spam: false,
  unsubscribed_from_emails: false,
  created_at: seconds() - 86_400,
  updated_at: seconds(),
  signed_up_at: seconds() - 86_400,
  last_seen_at: seconds(),
  custom_attributes: {},
  tags: { type: 'list', data: [], url: `/contacts/${contact.id}/tags`, total_count: 0, has_more: false },
  location: { type: 'location', country: null, region: null, city: null },
});

const partObject = (part: Part) => ({
  type: 'conversation_part',
  id: part.id,
  part_type: part.part_type,
  body: part.body,
  created_at: seconds(),
  updated_at: seconds(),
  notified_at: seconds(),
  assigned_to: null,
  author: { type: part.author.type, id: part.author.id, name: '', email: '' },
  attachments: [],
  external_id: null,
  redacted: false,
});

/** A conversation as GET /conversations/{id} answers it. */
function conversationObject(conversation: Conversation, parts: Part[] = conversation.parts) {
  return {
    type: 'conversation',
    id: conversation.id,
    title: conversation.title,
    created_at: seconds() - 3600,
    updated_at: seconds(),
    waiting_since: seconds() - 60,
    snoozed_until: null,
    open: true,
    state: 'open',
    read: true,
    priority: 'not_priority',
    admin_assignee_id: null,
    team_assignee_id: null,
    tags: {
      type: 'tag.list',
      tags: conversation.tags.map((tag, index) => ({
        type: 'tag',
        id: String(7000 + index),
        name: tag.name,
        applied_at: seconds(),
        applied_by: { type: 'admin', id: tag.appliedBy },
      })),
    },
    conversation_rating: null,
    source: {
      type: 'conversation',
      id: conversation.opening.id,
      delivered_as: 'customer_initiated',
      subject: '',
      body: conversation.opening.body,
      author: { type: conversation.opening.author.type, id: conversation.opening.author.id, name: '', email: '' },
      attachments: [],
      url: null,
      redacted: false,
    },
    contacts: { type: 'contact.list', contacts: [{ type: 'contact', id: conversation.contact, external_id: null }] },
    teammates: { type: 'admin.list', admins: [] },
    custom_attributes: {},
    first_contact_reply: { created_at: seconds() - 3600, type: 'conversation', url: null },
    sla_applied: null,
    statistics: null,
    conversation_parts: {
      type: 'conversation_part.list',
      conversation_parts: parts.map(partObject),
      total_count: parts.length,
    },
    linked_objects: { type: 'list', data: [], total_count: 0, has_more: false },
    ai_agent_participated: false,
  };
}

const error = (status: number, code: string, message: string) => ({
  status,
  body: { type: 'error.list', request_id: randomUUID(), errors: [{ code, message }] },
});
const notFound = error(404, 'not_found', 'Resource Not Found');

export async function startIntercomServer({ token }: { token: string }) {
  const admins = new Map<string, IntercomAdmin>();
  const contacts = new Map<string, IntercomContact>();
  const conversations = new Map<string, Conversation>();
  let replyFailures = 0;
  let nextId = 215_000_000;
  const server = await startJsonServer((call, authorization) => {
    if (authorization !== `Bearer ${token}`) return error(401, 'unauthorized', 'Access Token Invalid');
    const path = new URL(call.path, 'http://intercom.local').pathname;
    const admin = /^\/admins\/(\w+)$/.exec(path);
    if (call.method === 'GET' && admin) {
      const found = admins.get(admin[1] ?? '');
      return found ? { status: 200, body: adminObject(found) } : notFound;
    }
    const contact = /^\/contacts\/(\w+)$/.exec(path);
    if (call.method === 'GET' && contact) {
      const found = contacts.get(contact[1] ?? '');
      return found ? { status: 200, body: contactObject(found) } : notFound;
    }
    const conversation = /^\/conversations\/(\d+)(\/reply)?$/.exec(path);
    const found = conversation ? conversations.get(conversation[1] ?? '') : undefined;
    if (call.method === 'GET' && conversation && !conversation[2]) {
      return found && !found.deleted ? { status: 200, body: conversationObject(found) } : notFound;
    }
    if (call.method === 'POST' && conversation?.[2]) {
      if (replyFailures > 0) {
        replyFailures -= 1;
        return error(503, 'service_unavailable', 'Sorry, the API service is temporarily unavailable');
      }
      if (!found || found.deleted) return notFound;
      const reply = call.body as { message_type?: string; type?: string; admin_id?: string; body?: string };
      if (reply?.type !== 'admin' || !admins.has(String(reply.admin_id))) {
        return error(400, 'parameter_invalid', 'Admin not found');
      }
      if (!['note', 'comment'].includes(String(reply.message_type)) || !reply.body) {
        return error(400, 'parameter_invalid', 'Body is required');
      }
      nextId += 1;
      found.parts.push({
        id: String(nextId),
        part_type: reply.message_type === 'note' ? 'note' : 'comment',
        body: reply.body,
        author: { type: 'admin', id: String(reply.admin_id) },
      });
      return { status: 200, body: conversationObject(found) };
    }
    return notFound;
  });
  return {
    ...server,
    addAdmin(one: IntercomAdmin) {
      admins.set(one.id, one);
    },
    addContact(one: IntercomContact) {
      contacts.set(one.id, one);
    },
    /** A conversation `contact` opened by saying `body` (HTML, as Intercom keeps it), tagged by `taggedBy`. */
    addConversation(
      contact: string,
      body: string,
      { tags = ['feedback'], taggedBy = '', title = null as string | null } = {},
    ): Conversation {
      nextId += 10;
      const one: Conversation = {
        id: String(nextId),
        title,
        contact,
        opening: { id: String(nextId + 1), part_type: 'comment', body, author: { type: 'user', id: contact } },
        parts: [],
        tags: tags.map((name) => ({ name, appliedBy: taggedBy })),
      };
      conversations.set(one.id, one);
      nextId += 1; // the opening message's id
      return one;
    },
    /** The customer says more in conversation `id`: the new part. */
    addCustomerPart(id: string, body: string): Part {
      const one = conversations.get(id);
      if (!one) throw new Error(`no conversation ${id}`);
      nextId += 1;
      const part: Part = { id: String(nextId), part_type: 'comment', body, author: { type: 'user', id: one.contact } };
      one.parts.push(part);
      return part;
    },
    conversation: (id: string) => conversations.get(id),
    /**
     * Canvas Kit's request when teammate `adminId` opens the inbox app beside conversation `conversationId` (its
     * contact's), or, with `submit`, clicks component `component_id` in it.
     */
    canvasRequest(
      adminId: string,
      conversationId: string,
      submit?: { component_id: string; input_values?: Record<string, string>; stored_data?: Record<string, unknown> },
      contactOverride?: IntercomContact,
    ) {
      const admin = admins.get(adminId);
      const conversation = conversations.get(conversationId);
      if (!admin || !conversation) throw new Error(`no admin ${adminId} or conversation ${conversationId}`);
      const contact = contactOverride ?? contacts.get(conversation.contact);
      if (!contact) throw new Error(`no contact ${conversation.contact}`);
      const request = {
        workspace_id: WORKSPACE,
        workspace_region: 'us',
        admin: adminObject(admin),
        card_creation_options: {},
        context: { conversation_id: Number(conversation.id), location: 'conversation', locale: 'en' },
        conversation: conversationObject(conversation),
        contact: contactObject(contact),
      };
      if (!submit) return request;
      return {
        ...request,
        component_id: submit.component_id,
        input_values: submit.input_values ?? {},
        current_canvas: { content: { components: [] }, stored_data: submit.stored_data ?? {} },
        stored_data: submit.stored_data ?? {},
        user: contactObject(contact),
      };
    },
    /** The next `count` replies answer 503 (Intercom down for a moment). */
    failReplies(count: number) {
      replyFailures = count;
    },
    /** The replies POSTed to conversation `id`, oldest first. */
    replies(id: string) {
      return server.calls
        .filter((call) => call.method === 'POST' && call.path === `/conversations/${id}/reply`)
        .map((call) => call.body as { message_type: string; type: string; admin_id: string; body: string });
    },
    /** The notification Intercom sends when a teammate tags conversation `id` (its parts: `parts`, else none). */
    tagNotification(id: string, parts: Part[] = [], overrides: Record<string, unknown> = {}) {
      const one = conversations.get(id);
      if (!one) throw new Error(`no conversation ${id}`);
      return {
        type: 'notification_event',
        app_id: WORKSPACE,
        data: { type: 'notification_event_data', item: conversationObject(one, parts) },
        links: {},
        id: `notif_${randomUUID()}`,
        topic: 'conversation_part.tag.created',
        delegated: false,
        created_at: seconds(),
        first_sent_at: seconds(),
        delivery_attempts: 1,
        delivery_status: 'pending',
        self: null,
        ...overrides,
      };
    },
  };
}

/** Posts `body` to `url` signed as Intercom signs: X-Hub-Signature: sha1=<hex HMAC-SHA1(client secret, body)>. */
export function postIntercomSigned(url: string, body: string, secret: string, signature?: string) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'intercom-parrot-service-rb',
      'x-hub-signature': signature ?? `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`,
    },
    body,
  });
}

/** Posts `body` to the inbox app's `url` signed as Canvas Kit signs: X-Body-Signature: <hex HMAC-SHA256(secret, body)>. */
export function postCanvasSigned(url: string, body: string, secret: string, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signed = signature ?? createHmac('sha256', secret).update(body).digest('hex');
  if (signed) headers['x-body-signature'] = signed;
  return fetch(url, { method: 'POST', headers, body });
}
