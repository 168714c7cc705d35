// OpenAPI descriptions of the REST-hook routes for Zapier, Make and n8n (pb_hooks/api-keys/rest-hooks.pb.js): subscribe,
// list, unsubscribe, poll recent items and a sample per event, with the contract's events, scopes and samples.
import {
  MAX_RECENT_ITEMS,
  MAX_REST_HOOKS_PER_KEY,
  POLLABLE_EVENTS,
  REST_HOOK_EVENT_SCOPES,
  restHookSample,
} from '../../../src/contract/rest-hooks.ts';

const json = (schema, example) => ({ 'application/json': { schema, ...(example ? { example } : {}) } });
const ok = (schema, description = 'OK', example = undefined) => ({ description, content: json(schema, example) });
const err = { $ref: '#/components/responses/Error' };
const EVENTS = Object.keys(REST_HOOK_EVENT_SCOPES);
const STAFF_EVENTS = EVENTS.filter((event) => REST_HOOK_EVENT_SCOPES[event] === 'staff');
const KEYS_ONLY = `API keys only (a person’s session is refused with 401). ${STAFF_EVENTS.join(' and ')} take a staff key (403 below it).`;

const HOOK = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'the subscription’s id: unsubscribe with it' },
    event: { type: 'string', enum: EVENTS },
    target_url: { type: 'string', format: 'uri' },
    paused: { type: 'boolean', description: 'paused by an admin, or after repeated failures' },
    created: { type: 'string' },
  },
  required: ['id', 'event', 'target_url'],
};

/** A delivered (or polled) item: the webhook event with a stable `id` first. */
const ITEM = {
  type: 'object',
  required: ['id', 'version', 'type', 'timestamp', 'data'],
  properties: {
    id: {
      type: 'string',
      description:
        'idea.posted: the idea’s id; comment.posted: the comment’s; release.published: the release’s; otherwise the message id (webhook-id)',
    },
    version: { const: 1 },
    type: { type: 'string', enum: EVENTS },
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'when the event happened (polled: when the item was created)',
    },
    data: { type: 'object', description: 'as the same event’s webhook (see `webhooks` in this document)' },
  },
};
const eventParameter = (events, description) => ({
  name: 'event',
  in: 'query',
  required: true,
  schema: { type: 'string', enum: events },
  description,
});

export const REST_HOOK_ROUTES = {
  '/api/chorus/hooks': {
    post: {
      tags: ['webhooks'],
      operationId: 'subscribeRestHook',
      summary: 'Subscribe a target URL to an event (Zapier, Make, n8n REST hooks)',
      description: `${KEYS_ONLY} The URL must be http(s) at a public address. The same URL and event again answers the existing subscription (200). At most ${MAX_REST_HOOKS_PER_KEY} subscriptions a key. Each delivery is the event with an \`id\`, signed per Standard Webhooks with the \`secret\` shown in the 201 answer only, retried with backoff on failure; a target answering 410 Gone is unsubscribed. Only what the key’s member may see is sent.`,
      'x-chorus-scope': 'read',
      requestBody: {
        required: true,
        content: json(
          {
            type: 'object',
            properties: { target_url: { type: 'string', format: 'uri' }, event: { type: 'string', enum: EVENTS } },
            required: ['target_url', 'event'],
          },
          { target_url: 'https://hooks.zapier.com/hooks/standard/123/abc/', event: 'idea.posted' },
        ),
      },
      responses: {
        200: ok(HOOK, 'Already subscribed: the existing subscription'),
        201: ok(
          { allOf: [HOOK, { type: 'object', properties: { secret: { type: 'string' } }, required: ['secret'] }] },
          'Subscribed; the signing secret is shown here only',
        ),
        400: err,
        401: err,
        403: err,
        429: err,
      },
    },
    get: {
      tags: ['webhooks'],
      operationId: 'listRestHooks',
      summary: 'The calling API key’s REST-hook subscriptions, newest first',
      description: KEYS_ONLY,
      'x-chorus-scope': 'read',
      responses: {
        200: ok({ type: 'object', properties: { items: { type: 'array', items: HOOK } } }),
        401: err,
        429: err,
      },
    },
  },
  '/api/chorus/hooks/{id}': {
    delete: {
      tags: ['webhooks'],
      operationId: 'unsubscribeRestHook',
      summary: 'Unsubscribe: remove one of the calling key’s subscriptions',
      description: `${KEYS_ONLY} Another key’s subscription answers 404, as one that does not exist. Audited.`,
      'x-chorus-scope': 'read',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { 204: { description: 'Unsubscribed' }, 401: err, 404: err, 429: err },
    },
  },
  '/api/chorus/hooks/recent': {
    get: {
      tags: ['webhooks'],
      operationId: 'recentRestHookItems',
      summary: 'Polling triggers: the newest items of an event the key may see, newest first, in the hook’s shape',
      description: `${KEYS_ONLY} A JSON array (what Zapier, Make and n8n read from a poll); deduplicate by \`id\`. Ideas on boards the key may not see, ideas awaiting approval (but its own), and internal or hidden comments are never listed.`,
      'x-chorus-scope': 'read',
      parameters: [
        eventParameter([...POLLABLE_EVENTS], 'the events that can be polled'),
        {
          name: 'limit',
          in: 'query',
          schema: { type: 'integer', minimum: 1, maximum: MAX_RECENT_ITEMS, default: 25 },
        },
      ],
      responses: {
        200: ok({ type: 'array', items: ITEM }, 'OK', [restHookSample('idea.posted')]),
        400: err,
        401: err,
        403: err,
        429: err,
      },
    },
  },
  '/api/chorus/hooks/sample': {
    get: {
      tags: ['webhooks'],
      operationId: 'sampleRestHookItem',
      summary: 'A made-up payload of an event, in the shape its hook delivers (for a platform’s field mapping)',
      description: KEYS_ONLY,
      'x-chorus-scope': 'read',
      parameters: [eventParameter(EVENTS, 'any event a key may subscribe to')],
      responses: {
        200: ok({ type: 'array', items: ITEM, minItems: 1, maxItems: 1 }, 'OK', [restHookSample('comment.posted')]),
        400: err,
        401: err,
        403: err,
        429: err,
      },
    },
  },
};
