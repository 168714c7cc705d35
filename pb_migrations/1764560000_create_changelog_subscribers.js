/// <reference path="../pb_data/types.d.ts" />
// Release emails for anyone (issue #25, item 6): one row per email address that asked for the changelog by
// email. An address gets releases only once confirmed (double opt-in) and until it unsubscribes. The rows
// are personal data nobody reads through the API but superusers: every rule is locked, and the routes in
// pb_hooks/changelog/changelog-subscribers.pb.js are the only way in. `token_key` signs the row's links; changing it
// revokes them. The confirm_* fields hold the per-recipient brake on confirmation emails (durable, so a
// restart does not reset it).
migrate(
  (app) => {
    const subscribers = new Collection({
      type: 'base',
      name: 'changelog_subscribers',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'email', type: 'email', required: true },
        { name: 'locale', type: 'text', max: 10 },
        { name: 'confirmed_at', type: 'date' },
        { name: 'unsubscribed', type: 'bool' },
        { name: 'token_key', type: 'text', hidden: true, required: true, max: 64 },
        // A confirmation email waits for the mailer (pb_hooks/changelog/release-mailer.js).
        { name: 'confirm_pending', type: 'bool', hidden: true },
        { name: 'confirm_last_at', type: 'date', hidden: true },
        { name: 'confirm_day_start', type: 'date', hidden: true },
        { name: 'confirm_day_count', type: 'number', hidden: true, onlyInt: true, min: 0 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_changelog_subscribers_email ON changelog_subscribers (email)',
        'CREATE INDEX idx_changelog_subscribers_pending ON changelog_subscribers (confirm_pending)',
      ],
    });
    app.save(subscribers);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('changelog_subscribers'));
  },
);
