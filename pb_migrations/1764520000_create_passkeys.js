/// <reference path="../pb_data/types.d.ts" />
// Passkeys (WebAuthn credentials, issue #25 item 2): the site's Worker verifies each ceremony (PocketBase's JS
// cannot check ECDSA/RSA signatures) and PocketBase keeps the credentials. Only the server creates one
// (pb_hooks/passkeys/passkeys.pb.js, from a proof signed with CHORUS_PROXY_SECRET); its owner lists, renames and removes
// their own; nobody else sees them, staff included, and no client ever reads a public key (hidden field).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE: '(@request.auth.id != "" && @request.auth.blocked = false)',
  unset: (...args) =>
    ({
      '[["user","credential_id","public_key","counter","transports","last_used"]]':
        '(@request.body.user:isset = false && @request.body.credential_id:isset = false && @request.body.public_key:isset = false && @request.body.counter:isset = false && @request.body.transports:isset = false && @request.body.last_used:isset = false)',
    })[JSON.stringify(args)],
};
const { ACTIVE, unset } = RULES;

const OWNER = '@request.auth.collectionName = "users" && user = @request.auth.id';

migrate(
  (app) => {
    const passkeys = new Collection({
      type: 'base',
      name: 'passkeys',
      listRule: OWNER,
      viewRule: OWNER,
      createRule: null,
      // Only the name changes through the API; the rest is the authenticator's.
      updateRule: `${OWNER} && ${ACTIVE} && ${unset(['user', 'credential_id', 'public_key', 'counter', 'transports', 'last_used'])}`,
      deleteRule: `${OWNER} && ${ACTIVE}`,
      fields: [
        {
          name: 'user',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('users').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'name', type: 'text', required: true, min: 1, max: 60 },
        // base64url, as the authenticator gave it (at most 1023 bytes by the WebAuthn spec).
        { name: 'credential_id', type: 'text', required: true, max: 1400, pattern: '^[A-Za-z0-9_-]+$' },
        { name: 'public_key', type: 'text', required: true, max: 4096, hidden: true },
        { name: 'counter', type: 'number', onlyInt: true, min: 0 },
        { name: 'transports', type: 'json', maxSize: 1000 },
        { name: 'last_used', type: 'date' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_passkeys_credential ON passkeys (credential_id)',
        'CREATE INDEX idx_passkeys_user ON passkeys (user)',
      ],
    });
    app.save(passkeys);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('passkeys'));
  },
);
