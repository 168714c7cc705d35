/// <reference path="../pb_data/types.d.ts" />
// The durable queue of release emails to subscribers: publishing a release writes one row in its own
// transaction, and the mailer (pb_hooks/changelog/release-mailer.js) sends to the confirmed subscribers after the
// commit, beside the request, moving `cursor` (the last subscriber id sent) so a restart resumes where it
// stopped. One row per release, not per recipient: publishing costs the same for 10 or 100,000 subscribers.
migrate(
  (app) => {
    const mailings = new Collection({
      type: 'base',
      name: 'changelog_mailings',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        {
          name: 'entry',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('changelog_entries').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'status', type: 'select', required: true, maxSelect: 1, values: ['pending', 'done'] },
        { name: 'cursor', type: 'text', max: 64 },
        { name: 'sent', type: 'number', onlyInt: true, min: 0 },
        { name: 'skipped', type: 'number', onlyInt: true, min: 0 },
        { name: 'lease_until', type: 'text', max: 40 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX idx_changelog_mailings_status ON changelog_mailings (status, created)'],
    });
    app.save(mailings);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('changelog_mailings'));
  },
);
