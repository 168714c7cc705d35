/// <reference path="../pb_data/types.d.ts" />
// A member's picture from the team's app (single sign-on), kept as an https URL that browsers load
// themselves: PocketBase never fetches it. Public like `avatar` (an uploaded avatar is shown first); only
// single sign-on writes it (pb_hooks/sso/sso.pb.js refuses it from any client), checked by sso/sso-avatar.js.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.add(new TextField({ name: 'avatar_url', max: 255, pattern: '^https://[^\\s]+$' }));
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.removeByName('avatar_url');
    app.save(users);
  },
);
