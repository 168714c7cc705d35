/// <reference path="../pb_data/types.d.ts" />
// A new notification kind: staff asked the voters and followers of an idea a question.
migrate(
  (app) => {
    const notifications = app.findCollectionByNameOrId('notifications');
    const kind = notifications.fields.getByName('kind');
    if (!kind.values.includes('question')) kind.values = [...kind.values, 'question'];
    app.save(notifications);
  },
  (app) => {
    app.db().newQuery("DELETE FROM notifications WHERE kind = 'question'").execute();
    const notifications = app.findCollectionByNameOrId('notifications');
    const kind = notifications.fields.getByName('kind');
    kind.values = kind.values.filter((value) => value !== 'question');
    app.save(notifications);
  },
);
