// OpenAPI descriptions of the ideas-by-email routes (pb_hooks/inbound-email.pb.js; issue #39).
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
            },
          }),
        },
        202: {
          description: 'Dropped (a loop, an auto-reply, bulk mail): nothing made, no bounce',
          content: json({ type: 'object', properties: { dropped: { type: 'string' } } }),
        },
        400: err,
        401: err,
        403: err,
        404: err,
        413: err,
        429: err,
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
