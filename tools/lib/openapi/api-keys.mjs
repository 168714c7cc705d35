// OpenAPI descriptions of the API key routes (pb_hooks/api-keys/api-keys.pb.js, issue #26) and the key scheme itself.
import { KEY_SCOPES } from '../../../src/contract/api-key-scopes.ts';

const json = (schema) => ({ 'application/json': { schema } });
const ok = (schema, description = 'OK') => ({ description, content: json(schema) });
const err = { $ref: '#/components/responses/Error' };
const DATETIME = { type: 'string', description: 'UTC date and time, "YYYY-MM-DD HH:MM:SS.sssZ", or "" for none' };
const SCOPE = { type: 'string', enum: KEY_SCOPES };

export const API_KEY_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'JWT',
  description:
    'An API key made by an admin on /admin/api-keys, sent as `Authorization: Bearer <key>` (never in the address: a key in a query string is refused with 400). The security requirement’s role names are the key scopes an operation takes: read (reads what a signed-in member reads, writes nothing), member (acts as an active member), staff (acts as a moderator). Each key has its own limit of requests a minute (429 past it).',
};

const KEY = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string', maxLength: 80 },
    scope: SCOPE,
    user: { type: 'string', description: 'the key’s service member: the id a script sends as author or user' },
    hint: { type: 'string', description: 'the key’s last characters' },
    rate_limit: { type: 'integer', minimum: 1, maximum: 100000 },
    expires_at: DATETIME,
    revoked_at: DATETIME,
    last_used_at: DATETIME,
    created_by: { type: 'string' },
    created_by_name: { type: 'string' },
    created: DATETIME,
  },
};

export const API_KEY_ROUTES = {
  '/api/chorus/api-keys': {
    post: {
      tags: ['chorus'],
      operationId: 'createApiKey',
      summary: 'Admins (signed in as themselves): create an API key; the answer is the only time the key is shown',
      description:
        'Refused to superusers and to keys (a key acts for the admin who made it). At most 50 live keys. The creation is audited.',
      'x-chorus-scope': 'admin',
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 80 },
            scope: SCOPE,
            rate_limit: {
              type: 'integer',
              minimum: 1,
              maximum: 100000,
              description: 'requests a minute; 600 if omitted',
            },
            expires_at: {
              type: 'string',
              format: 'date-time',
              description: 'omitted: no expiry; else in the future and within ten years',
            },
          },
          required: ['name', 'scope'],
        }),
      },
      responses: {
        200: ok({ allOf: [KEY, { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] }] }),
        400: err,
        401: err,
        403: err,
      },
    },
  },
  '/api/chorus/api-keys/{id}/revoke': {
    post: {
      tags: ['chorus'],
      operationId: 'revokeApiKey',
      summary: 'Admins (or superusers): revoke an API key; it is refused from its next request (audited)',
      'x-chorus-scope': 'admin',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { 200: ok(KEY), 401: err, 403: err, 404: err },
    },
  },
  '/api/chorus/api-keys/self': {
    get: {
      tags: ['chorus'],
      operationId: 'apiKeySelf',
      summary: 'The calling API key describes itself: name, scope, service member, limit, expiry',
      'x-chorus-scope': 'read',
      responses: { 200: ok(KEY), 400: err, 401: err, 429: err },
    },
  },
  '/api/chorus/api-keys/members': {
    get: {
      tags: ['chorus'],
      operationId: 'apiKeyMembers',
      summary: 'Staff: which of these members are API keys’ service members (the members list shows them as keys)',
      parameters: [
        {
          name: 'ids',
          in: 'query',
          required: true,
          description: 'Up to 50 member ids, comma-separated',
          schema: { type: 'string' },
        },
      ],
      responses: {
        200: ok({
          type: 'object',
          properties: {
            items: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  user: { type: 'string' },
                  key: { type: 'string' },
                  name: { type: 'string' },
                  scope: SCOPE,
                  revoked: { type: 'boolean' },
                },
              },
            },
          },
        }),
        401: err,
        403: err,
      },
    },
  },
};
