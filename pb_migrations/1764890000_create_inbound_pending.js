/// <reference path="../pb_data/types.d.ts" />
// Inbound emails waiting for their sender (issue 55): a message not authenticated for its From address (no
// aligned DKIM or SPF), or one that would make an account where the site asks for Turnstile, is kept here and
// posts nothing until the From address opens the one-time link Chorus mailed it ("Did you send this?").
// Only the token's SHA-256 is kept. Superusers only; a week at most (pb_hooks/inbound-email/inbound-email.pb.js).
migrate(
  (app) => {
    const collection = new Collection({
      type: 'base',
      name: 'inbound_pending',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { type: 'text', name: 'token_hash', required: true, max: 64 },
        { type: 'email', name: 'sender', required: true },
        { type: 'text', name: 'reason', required: true, max: 40 },
        // The signed envelope (to, from, how it arrived) and the raw message, base64 as the route took it.
        { type: 'json', name: 'claims', maxSize: 4096 },
        { type: 'text', name: 'raw', required: true, max: 14 * 1024 * 1024 },
        { type: 'text', name: 'seen', max: 1100 },
        { type: 'date', name: 'expires', required: true },
        { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_inbound_pending_token ON inbound_pending (token_hash)',
        'CREATE INDEX idx_inbound_pending_seen ON inbound_pending (seen)',
        'CREATE INDEX idx_inbound_pending_expires ON inbound_pending (expires)',
      ],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('inbound_pending'));
  },
);
