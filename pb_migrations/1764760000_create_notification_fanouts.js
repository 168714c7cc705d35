/// <reference path="../pb_data/types.d.ts" />
// The notification queue (issue 35): a write notifies its first page of people in its own transaction and
// leaves one row here for the rest, the live events and the emails (pb_hooks/notifications/fanout.js). The
// `chorus_notify` job drains it in pages after the request, so a comment's cost never grows with the idea's
// followers. Nobody reaches it through the API (superusers only, in the admin UI).
migrate(
  (app) => {
    const fanouts = new Collection({
      type: 'base',
      name: 'notification_fanouts',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'kind', type: 'text', required: true, max: 20 },
        { name: 'post', type: 'text', max: 15 },
        { name: 'comment', type: 'text', max: 15 },
        { name: 'entry', type: 'text', max: 15 },
        { name: 'actor', type: 'text', max: 15 },
        // Who is still to be notified: { followers, voters, staffOnly, skip: [user ids], release: entry id }.
        { name: 'audience', type: 'json', maxSize: 20000 },
        // The last person the pages have reached ('~' once every page is written).
        { name: 'after', type: 'text', max: 15 },
        // Written but not yet delivered: notification ids to email, user ids to tell live.
        { name: 'mail', type: 'json', maxSize: 200000 },
        { name: 'live', type: 'json', maxSize: 200000 },
        // A job run owns the row until then (a stopped PocketBase's claim expires and the next run takes over).
        { name: 'lease', type: 'date' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
      ],
      indexes: ['CREATE INDEX idx_notification_fanouts_lease ON notification_fanouts (lease, created)'],
    });
    app.save(fanouts);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('notification_fanouts'));
  },
);
