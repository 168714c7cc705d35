/// <reference path="../pb_data/types.d.ts" />
// The durable queue of tracker work (issue #26, item 2), worked by the same job as outgoing webhooks
// (pb_hooks/webhooks/webhooks-worker.pb.js): `in` rows are verified events from a tracker (deduplicated by the
// tracker's delivery id: a replay is the same row), `out` rows are calls to the tracker (a comment posted
// back) that must never hold up a change in Chorus. Superusers only.
migrate(
  (app) => {
    const events = new Collection({
      type: 'base',
      name: 'tracker_events',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        {
          name: 'connection',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('tracker_connections').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'direction', type: 'select', required: true, values: ['in', 'out'], maxSelect: 1 },
        // in: the tracker's delivery id (X-GitHub-Delivery, Linear-Delivery); out: Chorus's own
        { name: 'delivery_id', type: 'text', required: true, max: 200 },
        // in: "issues.closed", "Issue.update"…; out: "comment"
        { name: 'event', type: 'text', max: 100 },
        { name: 'payload', type: 'json', maxSize: 1048576 },
        {
          name: 'status',
          type: 'select',
          required: true,
          values: ['pending', 'done', 'ignored', 'failed'],
          maxSelect: 1,
        },
        { name: 'attempts', type: 'number', onlyInt: true, min: 0 },
        { name: 'next_attempt_at', type: 'date' },
        { name: 'processed_at', type: 'date' },
        { name: 'error', type: 'text', max: 1000 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_tracker_events_delivery ON tracker_events (connection, direction, delivery_id)',
        'CREATE INDEX idx_tracker_events_due ON tracker_events (status, next_attempt_at)',
      ],
    });
    app.save(events);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('tracker_events'));
  },
);
