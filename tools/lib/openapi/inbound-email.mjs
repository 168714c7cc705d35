// OpenAPI descriptions of the ideas-by-email routes (pb_hooks/inbound-email/inbound-email.pb.js; issues #39 and #55).
const json = (schema) => ({ 'application/json': { schema } });
const err = { $ref: '#/components/responses/Error' };

export const INBOUND_EMAIL_ROUTES = {
  '/api/chorus/inbound-email': {
    post: {
      tags: ['chorus'],
      operationId: 'receiveInboundEmail',
      summary:
        'Site Worker only (signed proof binding the message’s SHA-256): one inbound email made into an idea held for review or a comment',
      'x-chorus-scope': 'worker',
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          properties: {
            proof: { type: 'string' },
            raw: { type: 'string', description: 'the raw RFC 5322 message, base64 (at most 10 MB before encoding)' },
          },
          required: ['proof', 'raw'],
        }),
      },
      responses: {
        200: {
          description: 'Made: the idea (and member) or the comment',
          content: json({
            type: 'object',
            properties: {
              idea: { type: 'string' },
              comment: { type: 'string' },
              member: { type: 'string' },
              newMember: { type: 'boolean' },
              images: { type: 'integer' },
              held: { type: 'string', description: 'why it waits for review (spam holds), when it does' },
            },
          }),
        },
        202: {
          description:
            'Nothing made now: dropped (a loop, an auto-reply, bulk mail; no bounce), or waiting for its sender’s link (not authenticated for its From address, or Turnstile for a new sender)',
          content: json({ type: 'object', properties: { dropped: { type: 'string' }, waiting: { type: 'string' } } }),
        },
        400: err,
        401: err,
        403: err,
        404: err,
        413: err,
        429: err,
        503: err,
      },
    },
  },
  '/api/chorus/inbound-email/waiting': {
    get: {
      tags: ['chorus'],
      operationId: 'inboundEmailWaiting',
      summary: 'Anyone with the one-time link: what an emailed idea or reply waiting for its sender holds',
      parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
      responses: {
        200: {
          description: 'What waits',
          content: json({
            type: 'object',
            properties: {
              kind: { type: 'string', enum: ['idea', 'comment'] },
              subject: { type: 'string' },
              sender: { type: 'string' },
              human: { type: 'boolean', description: 'posting it asks for a Turnstile token' },
            },
          }),
        },
        404: err,
      },
    },
  },
  '/api/chorus/inbound-email/confirm': {
    post: {
      tags: ['chorus'],
      operationId: 'confirmInboundEmail',
      summary: 'The sender’s one-time link posts what waited, through the same checks as the web',
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          properties: { token: { type: 'string' }, turnstile_token: { type: 'string' } },
          required: ['token'],
        }),
      },
      responses: {
        200: {
          description: 'Posted: the idea (and member) or the comment',
          content: json({ type: 'object', properties: { idea: { type: 'string' }, comment: { type: 'string' } } }),
        },
        400: err,
        404: err,
      },
    },
  },
  '/api/chorus/inbound-email/addresses': {
    get: {
      tags: ['chorus'],
      operationId: 'inboundEmailAddresses',
      summary: 'Staff: each board’s signed address for ideas by email (none while it is off)',
      responses: {
        200: {
          description: 'OK',
          content: json({
            type: 'object',
            properties: { boards: { type: 'object', additionalProperties: { type: 'string' } } },
          }),
        },
        401: err,
        403: err,
      },
    },
  },
};
