/// <reference path="../pb_data/types.d.ts" />
// A new kind of notification: an idea's public ETA was set, moved or cleared (pb_hooks/roadmap/eta.pb.js).
migrate(
  (app) => {
    const notifications = app.findCollectionByNameOrId('notifications');
    const kind = notifications.fields.getByName('kind');
    if (!kind.values.includes('eta')) kind.values = [...kind.values, 'eta'];
    app.save(notifications);
  },
  (app) => {
    app.db().newQuery("DELETE FROM notifications WHERE kind = 'eta'").execute();
    const notifications = app.findCollectionByNameOrId('notifications');
    const kind = notifications.fields.getByName('kind');
    kind.values = kind.values.filter((value) => value !== 'eta');
    app.save(notifications);
  },
);
