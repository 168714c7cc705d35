// The whole OpenAPI 3.1 document for Chorus's public API: the collections (from the schema), Chorus's
// routes and the webhook events, each operation with the API key scope it needs (scopes.mjs). Deterministic:
// the same schema always gives the same bytes.
import { API_KEY_ROUTES, API_KEY_SCHEME } from './api-keys.mjs';
import { describeCollections } from './collections.mjs';
import { FEEDBACK_ROUTES } from './feedback.mjs';
import { HEALTH_ROUTES } from './health.mjs';
import { INBOUND_EMAIL_ROUTES } from './inbound-email.mjs';
import { REST_HOOK_ROUTES } from './rest-hooks.mjs';
import { REVENUE_SYNC_ROUTES } from './revenue-sync.mjs';
import { ROUTES } from './routes.mjs';
import { annotateScopes } from './scopes.mjs';
import { TRACKER_ROUTES } from './trackers.mjs';
import { describeWebhooks } from './webhooks.mjs';

const PARAMETERS = {
  page: { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
  perPage: { name: 'perPage', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
  sort: { name: 'sort', in: 'query', schema: { type: 'string' }, description: 'e.g. -created,title' },
  filter: {
    name: 'filter',
    in: 'query',
    schema: { type: 'string' },
    description: 'PocketBase filter, e.g. board = "abc"',
  },
  expand: { name: 'expand', in: 'query', schema: { type: 'string' } },
  fields: { name: 'fields', in: 'query', schema: { type: 'string' } },
  skipTotal: { name: 'skipTotal', in: 'query', schema: { type: 'boolean' } },
};

export function buildOpenApi(collections) {
  const { paths, schemas, tags } = describeCollections(collections);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Chorus API',
      version: '1',
      description:
        'PocketBase’s REST API over Chorus’s collections (the API rules decide who may do what), Chorus’s own routes, and the signed webhooks it sends. Authenticate with a token from /api/collections/users/auth-with-password in the Authorization header, or with an API key (`Authorization: Bearer <key>`): each operation’s `x-chorus-scope` (read, member, staff, or admin / superuser / worker for those keys cannot call) and its `security` say which key scopes it takes.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'http://127.0.0.1:8090', description: 'your PocketBase' }],
    security: [{}, { pocketbaseToken: [] }, { apiKey: ['read', 'member', 'staff'] }],
    tags: [...tags, { name: 'chorus' }, { name: 'webhooks' }],
    paths: {
      '/api/collections/users/auth-with-password': {
        post: {
          tags: ['users'],
          operationId: 'authWithPassword',
          summary: 'Sign in; the answer’s token goes in the Authorization header',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { identity: { type: 'string' }, password: { type: 'string' } },
                  required: ['identity', 'password'],
                },
              },
            },
          },
          responses: {
            200: {
              description: 'OK',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { token: { type: 'string' }, record: { $ref: '#/components/schemas/UsersRecord' } },
                  },
                },
              },
            },
            400: { $ref: '#/components/responses/Error' },
          },
        },
      },
      ...annotateScopes(
        {
          ...paths,
          ...ROUTES,
          ...API_KEY_ROUTES,
          ...REST_HOOK_ROUTES,
          ...TRACKER_ROUTES,
          ...HEALTH_ROUTES,
          ...INBOUND_EMAIL_ROUTES,
          ...FEEDBACK_ROUTES,
          ...REVENUE_SYNC_ROUTES,
        },
        collections,
      ),
    },
    webhooks: describeWebhooks(),
    components: {
      securitySchemes: {
        pocketbaseToken: { type: 'apiKey', in: 'header', name: 'Authorization' },
        apiKey: API_KEY_SCHEME,
      },
      parameters: PARAMETERS,
      responses: {
        Error: {
          description: 'Refused',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: { status: { type: 'integer' }, message: { type: 'string' }, data: { type: 'object' } },
        },
        ListPage: {
          type: 'object',
          properties: {
            page: { type: 'integer' },
            perPage: { type: 'integer' },
            totalItems: { type: 'integer' },
            totalPages: { type: 'integer' },
          },
        },
        ...schemas,
      },
    },
  };
}
