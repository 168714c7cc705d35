/// <reference path="../pb_data/types.d.ts" />
// Every attempt of every webhook delivery (time, response code, duration, error), not only the last one,
// so an admin can see that a receiver answered 500 before it answered 200 (issue #26). Written by the
// delivery worker; admins read it beside the deliveries; nobody writes it through the API.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
};
const ADMIN = RULES.ACTIVE_ADMIN;

migrate(
  (app) => {
    const attempts = new Collection({
      type: 'base',
      name: 'webhook_attempts',
      listRule: ADMIN,
      viewRule: ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        {
          name: 'delivery',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('webhook_deliveries').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'attempted_at', type: 'date', required: true },
        // 0 when no answer came (refused, timed out): `error` then says why.
        { name: 'response_code', type: 'number', onlyInt: true },
        { name: 'duration_ms', type: 'number', onlyInt: true, min: 0 },
        { name: 'error', type: 'text', max: 500 },
      ],
      indexes: ['CREATE INDEX idx_webhook_attempts_delivery ON webhook_attempts (delivery, attempted_at)'],
    });
    app.save(attempts);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('webhook_attempts'));
  },
);
