// OpenAPI descriptions of revenue from Stripe's routes (pb_hooks/customers/stripe/stripe.pb.js, and the accept action
// of pb_hooks/customers/companies-revenue.pb.js; issue 58).
const json = (schema) => ({ 'application/json': { schema } });
const err = { $ref: '#/components/responses/Error' };
const ok = (description = 'OK') => ({ description, content: json({ type: 'object' }) });
const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];

export const STRIPE_ROUTES = {
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
  '/api/chorus/stripe/settings': {
    get: {
      tags: ['chorus'],
      operationId: 'stripeSettings',
      summary:
        'Admins: Stripe’s settings without its secrets (the key’s prefix and last four characters, whether the signing secret is set), the endpoint URL to paste into Stripe, and the last event with its outcome',
      responses: { 200: ok(), 401: err, 403: err },
    },
    post: {
      tags: ['chorus'],
      operationId: 'setStripeSettings',
      summary: 'Admins: change Stripe’s settings; the secret key and signing secret are written, never read back',
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          properties: {
            active: { type: 'boolean' },
            secret_key: { type: 'string', maxLength: 300 },
            webhook_secret: { type: 'string', maxLength: 300 },
          },
        }),
      },
      responses: { 200: ok(), 400: err, 401: err, 403: err },
    },
  },
  '/api/chorus/companies/{id}/revenue/accept': {
    post: {
      tags: ['chorus'],
      operationId: 'acceptCompanyRevenue',
      summary:
        'Admins: take the monthly revenue a source (Stripe) offered instead of the value people gave; it becomes the company’s, with its source and time',
      parameters: id,
      responses: { 200: ok(), 401: err, 403: err, 404: err },
    },
  },
};
