/// <reference path="../../pb_data/types.d.ts" />
// PocketBase's own emails to members, in the member's language (pb_hooks/auth/auth-email.js). Those that check the
// address (its confirmation, a reset, a code, an email change's link) may reach an unconfirmed one (platform/confirmed-mail.js).
onMailerRecordVerificationSend((e) => {
  require(`${__hooks}/auth/auth-email.js`).localizeAuthEmail(e, 'verification');
  require(`${__hooks}/platform/confirmed-mail.js`).markAddressCheck(e.message);
  e.next();
});

onMailerRecordPasswordResetSend((e) => {
  require(`${__hooks}/auth/auth-email.js`).localizeAuthEmail(e, 'passwordReset');
  require(`${__hooks}/platform/confirmed-mail.js`).markAddressCheck(e.message);
  e.next();
});

onMailerRecordEmailChangeSend((e) => {
  require(`${__hooks}/auth/auth-email.js`).localizeAuthEmail(e, 'emailChange');
  require(`${__hooks}/platform/confirmed-mail.js`).markAddressCheck(e.message);
  e.next();
});

onMailerRecordOTPSend((e) => {
  require(`${__hooks}/auth/auth-email.js`).localizeAuthEmail(e, 'otp');
  require(`${__hooks}/platform/confirmed-mail.js`).markAddressCheck(e.message);
  e.next();
});

onMailerRecordAuthAlertSend((e) => {
  require(`${__hooks}/auth/auth-email.js`).localizeAuthEmail(e, 'authAlert');
  e.next();
});
