/// <reference path="../pb_data/types.d.ts" />
// The identify-token signing secret (only admins may read or change it; it starts random), and the
// token ids already redeemed (no API access at all), kept until the token would have expired.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
};
const { ACTIVE_ADMIN } = RULES;

migrate(
  (app) => {
    const secrets = new Collection({
      type: 'base',
      name: 'sso_secrets',
      listRule: ACTIVE_ADMIN,
      viewRule: ACTIVE_ADMIN,
      createRule: null,
      updateRule: ACTIVE_ADMIN,
      deleteRule: null,
      fields: [
        { name: 'secret', type: 'text', required: true, min: 32, max: 256 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
    });
    app.save(secrets);
    const record = new Record(secrets);
    record.set('secret', $security.randomString(48));
    app.save(record);

    const used = new Collection({
      type: 'base',
      name: 'sso_used_tokens',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'jti', type: 'text', required: true, max: 200 },
        { name: 'expires_at', type: 'date', required: true },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_sso_used_tokens_jti ON sso_used_tokens (jti)',
        'CREATE INDEX idx_sso_used_tokens_expires ON sso_used_tokens (expires_at)',
      ],
    });
    app.save(used);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('sso_used_tokens'));
    app.delete(app.findCollectionByNameOrId('sso_secrets'));
  },
);
