/// <reference path="../pb_data/types.d.ts" />
// No client deletes a user record any more: deleting one cascaded away everything they wrote. A member (or an
// admin for them) erases an account through POST /api/chorus/me/delete after a fresh sign-in
// (pb_hooks/account/account.pb.js), which keeps their ideas and comments signed "Deleted member".
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE: '(@request.auth.id != "" && @request.auth.blocked = false)',
};

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.deleteRule = null;
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.deleteRule = `id = @request.auth.id && ${RULES.ACTIVE}`;
    app.save(users);
  },
);
