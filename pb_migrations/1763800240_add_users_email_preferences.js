/// <reference path="../pb_data/types.d.ts" />
// Which notifications a member also gets by email. New accounts start opted in
// (pb_hooks/preferences.pb.js); every email carries a link that turns its kind off.
const PREFERENCES = ['email_on_comment', 'email_on_status', 'email_on_release'];

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    for (const name of PREFERENCES) users.fields.add(new BoolField({ name }));
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    for (const name of PREFERENCES) users.fields.removeByName(name);
    app.save(users);
  },
);
