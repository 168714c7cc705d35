/// <reference path="../pb_data/types.d.ts" />
// A deleted account stays as an anonymous tombstone (so what the member wrote stays readable and their votes
// keep counting) marked by `deleted_at`: hidden, so no client reads, filters or writes it; sign-in hooks
// refuse a marked account whatever it is asked with (pb_hooks/account/account.pb.js).
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.add(new DateField({ name: 'deleted_at', hidden: true }));
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.removeByName('deleted_at');
    app.save(users);
  },
);
