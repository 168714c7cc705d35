/// <reference path="../pb_data/types.d.ts" />
// PocketBase's own emails to members, in the member's language (pb_hooks/lib/auth-email.js).
onMailerRecordVerificationSend((e) => {
  require(`${__hooks}/lib/auth-email.js`).localizeAuthEmail(e, 'verification');
  e.next();
});

onMailerRecordPasswordResetSend((e) => {
  require(`${__hooks}/lib/auth-email.js`).localizeAuthEmail(e, 'passwordReset');
  e.next();
});

onMailerRecordEmailChangeSend((e) => {
  require(`${__hooks}/lib/auth-email.js`).localizeAuthEmail(e, 'emailChange');
  e.next();
});

onMailerRecordOTPSend((e) => {
  require(`${__hooks}/lib/auth-email.js`).localizeAuthEmail(e, 'otp');
  e.next();
});

onMailerRecordAuthAlertSend((e) => {
  require(`${__hooks}/lib/auth-email.js`).localizeAuthEmail(e, 'authAlert');
  e.next();
});
