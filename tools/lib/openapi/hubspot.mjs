// OpenAPI descriptions of companies from HubSpot's routes (pb_hooks/customers/hubspot/hubspot.pb.js; issue 58).
const json = (schema) => ({ 'application/json': { schema } });
const err = { $ref: '#/components/responses/Error' };
const ok = (description = 'OK') => ({ description, content: json({ type: 'object' }) });

export const HUBSPOT_ROUTES = {
  '/api/chorus/hubspot/webhook': {
    post: {
      tags: ['chorus'],
      operationId: 'hubspotWebhook',
      summary:
        'HubSpot: the webhook target URL (company.creation, company.propertyChange, company.deletion, company.restore, company.merge), signed with the app’s client secret (X-HubSpot-Signature-v3, X-HubSpot-Request-Timestamp); the companies named (at most 100 events a delivery) are then read from HubSpot’s CRM API and their Chorus companies created, updated or unlinked. Events of other objects are answered 200 and ignored',
      requestBody: {
        required: true,
        content: json({
          type: 'array',
          maxItems: 100,
          items: {
            type: 'object',
            properties: {
              eventId: { type: 'integer' },
              subscriptionType: { type: 'string' },
              objectId: { type: 'integer' },
              propertyName: { type: 'string' },
              propertyValue: { type: 'string' },
              occurredAt: { type: 'integer' },
            },
          },
        }),
      },
      responses: { 200: ok(), 400: err, 401: err, 404: err, 413: err, 503: err },
    },
  },
  '/api/chorus/hubspot/settings': {
    get: {
      tags: ['chorus'],
      operationId: 'hubspotSettings',
      summary:
        'Admins: HubSpot’s settings without its secrets (the token’s prefix and last four characters, whether the client secret is set), the target URL to paste into HubSpot, and the last event with its outcome',
      responses: { 200: ok(), 401: err, 403: err },
    },
    post: {
      tags: ['chorus'],
      operationId: 'setHubspotSettings',
      summary:
        'Admins: change HubSpot’s settings; the private app’s access token and the client secret are written, never read back',
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          properties: {
            active: { type: 'boolean' },
            access_token: { type: 'string', maxLength: 300 },
            client_secret: { type: 'string', maxLength: 300 },
          },
        }),
      },
      responses: { 200: ok(), 400: err, 401: err, 403: err },
    },
  },
  '/api/chorus/hubspot/sync': {
    post: {
      tags: ['chorus'],
      operationId: 'syncHubspot',
      summary:
        'Admins: read every company from HubSpot now (paged, up to 10,000 a run) as a job beside the request; the settings then show when it ended and how. 409 while HubSpot is off or has no token',
      responses: { 202: ok('Queued'), 401: err, 403: err, 409: err },
    },
  },
};
