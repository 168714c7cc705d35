/// <reference path="../pb_data/types.d.ts" />
// Inbound emails already taken (ideas by email, issue 39): one row per Message-ID and address, written in the
// same transaction as the idea or comment it made, so a sender's server retrying a message, even after a
// restart or twice at once (the unique key), makes one idea. Superusers only; kept 30 days
// (pb_hooks/inbound-email/inbound-email.pb.js).
migrate(
  (app) => {
    const collection = new Collection({
      type: 'base',
      name: 'inbound_messages',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { type: 'text', name: 'key', required: true, max: 1100 },
        { type: 'text', name: 'made', max: 40 },
        { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_inbound_messages_key ON inbound_messages (key)',
        'CREATE INDEX idx_inbound_messages_created ON inbound_messages (created)',
      ],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('inbound_messages'));
  },
);
