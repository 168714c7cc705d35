/// <reference path="../../pb_data/types.d.ts" />
// Sign-in attempts per account from each client address and per account overall, emails per recipient
// whatever address they come from (pb_hooks/auth/auth-limits.js); PocketBase's own limiter (a migration)
// counts every request per client address. A sign-in, or a new password, starts the account's count over.
// Request events, not a middleware: each holds a JS VM only for its own short request.
onRecordAuthWithPasswordRequest((e) =>
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) =>
    require(`${__hooks}/auth/auth-limits.js`).countPasswordAttempt(e),
  ),
);
// A sign-in by any way in starts the counts over: site/member-auth.js rememberSignIn, from its one auth hook.
onRecordConfirmPasswordResetRequest((e) => {
  e.next();
  require(`${__hooks}/auth/auth-limits.js`).rememberSignIn(e.record, '', true);
});
onRecordRequestOTPRequest((e) =>
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) =>
    require(`${__hooks}/auth/auth-limits.js`).countCodeEmail(e),
  ),
);
onRecordRequestEmailChangeRequest((e) =>
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) =>
    require(`${__hooks}/auth/auth-limits.js`).countEmailChange(e),
  ),
);
onRecordRequestPasswordResetRequest((e) =>
  require(`${__hooks}/auth/auth-limits.js`).countLinkEmail('password-reset', e),
);
onRecordRequestVerificationRequest((e) => require(`${__hooks}/auth/auth-limits.js`).countLinkEmail('verification', e));
