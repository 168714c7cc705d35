/// <reference path="../pb_data/types.d.ts" />
// Sign-in attempts per account and emails per recipient, whatever address they come from
// (pb_hooks/lib/auth-limits.js); PocketBase's own limiter (a migration) counts per client address.
// Request events, not a middleware: each holds a JS VM only for its own short request.
onRecordAuthWithPasswordRequest((e) =>
  require(`${__hooks}/lib/refusals.js`).inRequestLanguage(e, (e) =>
    require(`${__hooks}/lib/auth-limits.js`).countPasswordAttempt(e),
  ),
);
onRecordRequestOTPRequest((e) =>
  require(`${__hooks}/lib/refusals.js`).inRequestLanguage(e, (e) =>
    require(`${__hooks}/lib/auth-limits.js`).countCodeEmail(e),
  ),
);
onRecordRequestEmailChangeRequest((e) =>
  require(`${__hooks}/lib/refusals.js`).inRequestLanguage(e, (e) =>
    require(`${__hooks}/lib/auth-limits.js`).countEmailChange(e),
  ),
);
onRecordRequestPasswordResetRequest((e) =>
  require(`${__hooks}/lib/auth-limits.js`).countLinkEmail('password-reset', e),
);
onRecordRequestVerificationRequest((e) => require(`${__hooks}/lib/auth-limits.js`).countLinkEmail('verification', e));
