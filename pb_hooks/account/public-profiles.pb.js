/// <reference path="../../pb_data/types.d.ts" />
// Public profiles show a name and an avatar only (pb_hooks/account/public-profile.js, issue 42): the rest of a users
// record leaves PocketBase only for the member themself and staff, in every answer that carries it (list, view,
// expand, auth, realtime). Realtime events of a users record reach only them at all (the view rule, 1764750010).
onRecordEnrich((e) => {
  require(`${__hooks}/account/public-profile.js`).hidePrivateFields(e);
  e.next();
}, 'users');
