// OpenAPI descriptions of revenue and companies from Stripe and HubSpot (issue 58): their webhooks and settings
// (pb_hooks/customers/stripe/stripe.pb.js, pb_hooks/customers/hubspot/hubspot.pb.js), and the accept action on a
// value either offered (pb_hooks/customers/companies-revenue.pb.js).
import { settingsRoutes } from './settings.mjs';

const json = (schema) => ({ 'application/json': { schema } });
const err = { $ref: '#/components/responses/Error' };
const ok = (description = 'OK') => ({ description, content: json({ type: 'object' }) });
const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];

export const REVENUE_SYNC_ROUTES = {
  '/api/chorus/stripe/webhook': {
    post: {
      tags: ['chorus'],
      operationId: 'stripeWebhook',
      summary:
        'Stripe: the webhook endpoint (customer.subscription.created/updated/deleted/paused/resumed, customer.updated/deleted), signed with the endpoint’s signing secret (Stripe-Signature: t=…,v1=…); the customer and their subscriptions are then read from Stripe’s API and their company’s monthly revenue kept current. Other event types are answered 200 and ignored',
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          properties: {
            id: { type: 'string' },
            object: { type: 'string' },
            type: { type: 'string' },
            data: { type: 'object' },
          },
        }),
      },
      responses: { 200: ok(), 400: err, 404: err, 413: err, 503: err },
    },
  },
  '/api/chorus/stripe/settings': settingsRoutes({
    read: {
      operationId: 'stripeSettings',
      summary:
        'Admins: Stripe’s settings without its secrets (the key’s prefix and last four characters, whether the signing secret is set), the endpoint URL to paste into Stripe, and the last event with its outcome',
    },
    change: {
      operationId: 'setStripeSettings',
      summary: 'Admins: change Stripe’s settings; the secret key and signing secret are written, never read back',
    },
    secrets: { secret_key: 300, webhook_secret: 300 },
  }),
  '/api/chorus/hubspot/webhook': {
    post: {
      tags: ['chorus'],
      operationId: 'hubspotWebhook',
      summary:
        'HubSpot: the webhook target URL (company.creation, company.propertyChange, company.deletion, company.restore, company.merge, company.associationChange), signed with the app’s client secret (X-HubSpot-Signature-v3, X-HubSpot-Request-Timestamp); the companies named (at most 100 events a delivery) are then read from HubSpot’s CRM API and their Chorus companies created, updated or unlinked. Events of other objects are answered 200 and ignored',
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
  '/api/chorus/hubspot/settings': settingsRoutes({
    read: {
      operationId: 'hubspotSettings',
      summary:
        'Admins: HubSpot’s settings without its secrets (the token’s prefix and last four characters, whether the client secret is set), the target URL to paste into HubSpot, and the last event with its outcome',
    },
    change: {
      operationId: 'setHubspotSettings',
      summary:
        'Admins: change HubSpot’s settings; the private app’s access token and the client secret are written, never read back',
    },
    secrets: { access_token: 300, client_secret: 300 },
  }),
  '/api/chorus/hubspot/sync': {
    post: {
      tags: ['chorus'],
      operationId: 'syncHubspot',
      summary:
        'Admins: read every company from HubSpot now (paged, up to 10,000 a run) as a job beside the request (asked again before it starts: that same one); the settings then show when it ended and how. 409 while HubSpot is off or has no token, 429 past ten an hour per admin',
      responses: { 202: ok('Queued'), 401: err, 403: err, 409: err, 429: err },
    },
  },
  '/api/chorus/companies/{id}/revenue/accept': {
    post: {
      tags: ['chorus'],
      operationId: 'acceptCompanyRevenue',
      summary:
        'Admins: take the monthly revenue a source (Stripe, HubSpot) offered instead of the value people gave; it becomes the company’s, with its source and time, and that source keeps it current. 404 when the company has nothing pending',
      parameters: id,
      responses: { 200: ok(), 401: err, 403: err, 404: err },
    },
  },
};
