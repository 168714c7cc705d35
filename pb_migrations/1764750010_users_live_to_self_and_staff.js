/// <reference path="../pb_data/types.d.ts" />
// Realtime events of a users record reach the member themself and active staff only (issue 42): anyone else
// following a member live learnt when they were blocked, verified or promoted, however little the event
// showed (pb_hooks/account/public-profiles.pb.js leaves it a name and an avatar). Viewing and expanding a member stay
// open to everyone, answered with their public profile.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
};

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.viewRule = `@request.context != "realtime" || id = @request.auth.id || ${RULES.ACTIVE_STAFF}`;
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.viewRule = '';
    app.save(users);
  },
);
