/// <reference path="../pb_data/types.d.ts" />
// The durable webhook queue: one row per message per endpoint, written by hooks once a write has
// committed, sent and retried by pb_hooks/webhooks/webhooks-worker.pb.js. Admins read it (recent deliveries
// in the admin); nobody writes it through the API (resending is a route).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
};
const ADMIN = RULES.ACTIVE_ADMIN;

migrate(
  (app) => {
    const deliveries = new Collection({
      type: 'base',
      name: 'webhook_deliveries',
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        {
          name: 'webhook',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('webhooks').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'event', type: 'text', required: true, max: 60 },
        { name: 'message_id', type: 'text', required: true, max: 60 },
        // The exact bytes that are signed and sent (text, not json, so they never get re-serialized).
        { name: 'payload', type: 'text', required: true, max: 200000 },
        { name: 'status', type: 'select', required: true, maxSelect: 1, values: ['pending', 'delivered', 'failed'] },
        { name: 'attempts', type: 'number', onlyInt: true, min: 0 },
        { name: 'next_attempt_at', type: 'date' },
        { name: 'last_attempt_at', type: 'date' },
        { name: 'response_code', type: 'number', onlyInt: true },
        { name: 'error', type: 'text', max: 500 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE INDEX idx_webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at)',
        'CREATE INDEX idx_webhook_deliveries_webhook ON webhook_deliveries (webhook, created)',
      ],
    });
    app.save(deliveries);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('webhook_deliveries'));
  },
);
