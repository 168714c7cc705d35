/// <reference path="../../pb_data/types.d.ts" />
// Every way in (password, code, OAuth2, SSO's identify token, passkeys) and every token refresh answers through
// here: a member's in one hook (site/member-auth.js), a superuser's with its sign-in limits only.
onRecordAuthRequest(
  (e) =>
    require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) =>
      require(`${__hooks}/site/member-auth.js`).answerMemberAuth(e),
    ),
  'users',
);
onRecordAuthRequest((e) => {
  e.next();
  require(`${__hooks}/site/member-auth.js`).rememberSignIn(e);
}, '_superusers');
