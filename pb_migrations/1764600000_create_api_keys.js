/// <reference path="../pb_data/types.d.ts" />
// API keys (issue #26, item 1): an admin's named, scoped key for scripts and agents. Each key acts through a
// service member of its own (users.api_key points back here), so PocketBase checks the key natively on every
// route, realtime included, with no JavaScript per request: read keys are a blocked member (reads what a
// member reads, writes nothing), member keys an active member, staff keys a moderator. The key itself is never
// stored: only its SHA-256. Admins list them; only Chorus's routes create or revoke one (pb_hooks/api-keys/api-keys.pb.js).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
};
const { ACTIVE_ADMIN } = RULES;

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const keys = new Collection({
      type: 'base',
      name: 'api_keys',
      listRule: ACTIVE_ADMIN,
      viewRule: ACTIVE_ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'name', type: 'text', required: true, min: 1, max: 80 },
        { name: 'scope', type: 'select', required: true, values: ['read', 'member', 'staff'], maxSelect: 1 },
        // The service member the key acts as (created with the key; never signs in any other way).
        { name: 'user', type: 'relation', collectionId: users.id, maxSelect: 1, cascadeDelete: false },
        { name: 'created_by', type: 'relation', collectionId: users.id, maxSelect: 1, cascadeDelete: false },
        { name: 'created_by_name', type: 'text', max: 200 },
        // SHA-256 (hex) of the key, to recognise it; the key is shown once, at creation.
        { name: 'token_hash', type: 'text', required: true, max: 64, hidden: true },
        // The key's last characters, so an admin can tell keys apart in the list.
        { name: 'hint', type: 'text', max: 8 },
        { name: 'rate_limit', type: 'number', onlyInt: true, min: 1, max: 100000 },
        { name: 'expires_at', type: 'date' },
        { name: 'revoked_at', type: 'date' },
        { name: 'last_used_at', type: 'date' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_api_keys_token_hash ON api_keys (token_hash)',
        'CREATE INDEX idx_api_keys_user ON api_keys (user)',
      ],
    });
    app.save(keys);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('api_keys'));
  },
);
