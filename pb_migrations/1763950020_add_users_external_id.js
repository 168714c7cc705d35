/// <reference path="../pb_data/types.d.ts" />
// A member's user id in the team's own app, set only by single sign-on. Hidden: no client can read
// or write it (PocketBase drops hidden fields from non-superuser requests and responses).
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.add(new TextField({ name: 'external_id', max: 200, hidden: true }));
    users.addIndex('idx_users_external_id', true, 'external_id', "external_id != ''");
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.removeIndex('idx_users_external_id');
    users.fields.removeByName('external_id');
    app.save(users);
  },
);
