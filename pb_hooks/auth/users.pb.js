/// <reference path="../../pb_data/types.d.ts" />
// Accounts: every new account starts as a member, whoever creates it (sign-up form, OAuth2, admin UI); a
// sign-up or an email change never tells who has an account.
onRecordCreate((e) => {
  if (!e.record.getString('role')) e.record.set('role', 'member');
  e.next();
}, 'users');

// A sign-up with an address another account holds is answered as a new one, and the holder is told
// (pb_hooks/account/taken-email.js): no answer tells who has an account.
onRecordCreateRequest((e) => require(`${__hooks}/account/taken-email.js`).signUp(e), 'users');

// Members' email-change requests: Chorus's route (more specific than PocketBase's
// /api/collections/{collection}/request-email-change, so it wins), answering a taken address like a free one.
routerAdd(
  'POST',
  '/api/collections/users/request-email-change',
  (e) => require(`${__hooks}/account/taken-email.js`).requestEmailChange(e),
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);

// The queued account emails (email-change links, notices to the holder of a taken address), kicked at once
// by whoever queues one, and every minute in case a kick was lost.
cronAdd(require(`${__hooks}/platform/contract/hook-hand-offs.js`).ACCOUNT_EMAILS_JOB, '* * * * *', () => {
  require(`${__hooks}/account/taken-email.js`).sendQueued($app);
});

// Nobody but superusers searches, filters or sorts members by email (pb_hooks/account/staff-lookup.js, the one rule).
onRecordsListRequest(
  (e) =>
    require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
      require(`${__hooks}/account/staff-lookup.js`).refuseEmailSearch(e);
      return e.next();
    }),
  'users',
);
