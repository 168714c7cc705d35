/// <reference path="../pb_data/types.d.ts" />
// An admin may require staff (moderators and admins) to sign in with a passkey: site.staff_passkey_required.
// Off by default; only an admin who has a passkey can turn it on (pb_hooks/passkeys/passkeys.pb.js), and superusers in
// PocketBase's admin UI are never affected (they can always turn it off).
migrate(
  (app) => {
    const site = app.findCollectionByNameOrId('site');
    site.fields.add(new BoolField({ name: 'staff_passkey_required' }));
    app.save(site);
  },
  (app) => {
    const site = app.findCollectionByNameOrId('site');
    site.fields.removeByName('staff_passkey_required');
    app.save(site);
  },
);
