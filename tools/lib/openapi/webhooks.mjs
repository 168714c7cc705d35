// OpenAPI 3.1 `webhooks`: the events Chorus POSTs to endpoints (the contract's list), signed per Standard Webhooks.
import { WEBHOOK_EVENTS } from '../../../src/contract/webhook-events.ts';

const SIGNED = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'Message id (the same on every retry and resend)',
  },
  { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string' }, description: 'Unix seconds' },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'v1,<base64 HMAC-SHA256 of "id.timestamp.body" with the endpoint’s whsec_ secret>',
  },
];
const person = { type: ['object', 'null'], properties: { id: { type: 'string' }, name: { type: 'string' } } };
const named = { type: ['object', 'null'], properties: { name: { type: 'string' }, slug: { type: 'string' } } };
const idea = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    url: { type: 'string', format: 'uri' },
    excerpt: { type: 'string' },
    board: named,
    status: named,
    approved: { type: 'boolean' },
    vote_count: { type: 'integer' },
    comment_count: { type: 'integer' },
    author: person,
    created: { type: 'string' },
  },
};
const DATA = {
  'idea.posted': { idea },
  'idea.approved': { idea },
  'idea.status_changed': { idea, from: named, to: named, response: { type: 'string' }, actor: person },
  'comment.posted': {
    idea,
    comment: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        url: { type: 'string' },
        excerpt: { type: 'string' },
        author: person,
        parent: { type: ['string', 'null'] },
      },
    },
  },
  'idea.vote_milestone': { idea, milestone: { type: 'integer' } },
  'idea.merged': { idea, into: idea },
  'idea.threshold_reached': {
    idea,
    rule: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        metric: { type: 'string', enum: ['votes', 'revenue', 'votes_in_day'] },
        threshold: { type: 'number' },
        segment: { type: ['string', 'null'] },
      },
    },
  },
  'member.deleted': { member: { type: 'object', properties: { id: { type: 'string' } } } },
  'release.published': {
    release: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        title: { type: 'string' },
        url: { type: 'string' },
        excerpt: { type: 'string' },
        labels: { type: 'array', items: { type: 'string' } },
        published_at: { type: 'string' },
        ideas: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'string' }, title: { type: 'string' }, url: { type: 'string' } },
          },
        },
      },
    },
  },
};

export function describeWebhooks() {
  const undescribed = WEBHOOK_EVENTS.filter((type) => !Object.hasOwn(DATA, type));
  const unknown = Object.keys(DATA).filter((type) => !WEBHOOK_EVENTS.includes(type));
  if (undescribed.length || unknown.length) {
    throw new Error(
      `Webhook payloads out of step with src/contract/webhook-events.ts: ${[...undescribed, ...unknown]}`,
    );
  }
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((type) => [type, DATA[type]]).map(([type, data]) => [
      type,
      {
        post: {
          tags: ['webhooks'],
          summary: `${type} (payload version 1; Slack endpoints get a Block Kit message instead)`,
          parameters: SIGNED,
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['version', 'type', 'timestamp', 'data'],
                  properties: {
                    version: { const: 1 },
                    type: { const: type },
                    timestamp: { type: 'string', format: 'date-time' },
                    data: { type: 'object', properties: data },
                  },
                },
              },
            },
          },
          responses: {
            '2XX': {
              description:
                'Received. Anything else (or no answer within the timeout) is retried with exponential backoff.',
            },
          },
        },
      },
    ]),
  );
}
