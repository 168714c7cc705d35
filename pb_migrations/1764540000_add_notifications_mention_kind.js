/// <reference path="../pb_data/types.d.ts" />
// A new notification kind: someone mentioned you in a comment (`@[Name](user:id)`, pb_hooks/comments/mentions.pb.js).
migrate(
  (app) => {
    const notifications = app.findCollectionByNameOrId('notifications');
    const kind = notifications.fields.getByName('kind');
    if (!kind.values.includes('mention')) kind.values = [...kind.values, 'mention'];
    app.save(notifications);
  },
  (app) => {
    app.db().newQuery("DELETE FROM notifications WHERE kind = 'mention'").execute();
    const notifications = app.findCollectionByNameOrId('notifications');
    const kind = notifications.fields.getByName('kind');
    kind.values = kind.values.filter((value) => value !== 'mention');
    app.save(notifications);
  },
);
