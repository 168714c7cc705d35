/// <reference path="../../pb_data/types.d.ts" />
// PocketBase's own emails to members, in the member's language (pb_hooks/auth/auth-email.js). Those that check the
// address (its confirmation, a reset, a code, an email change's link) may reach an unconfirmed one (platform/confirmed-mail.js).
onMailerRecordVerificationSend((e) => require(`${__hooks}/auth/auth-email.js`).sendAuthEmail(e, 'verification'));
onMailerRecordPasswordResetSend((e) => require(`${__hooks}/auth/auth-email.js`).sendAuthEmail(e, 'passwordReset'));
onMailerRecordEmailChangeSend((e) => require(`${__hooks}/auth/auth-email.js`).sendAuthEmail(e, 'emailChange'));
onMailerRecordOTPSend((e) => require(`${__hooks}/auth/auth-email.js`).sendAuthEmail(e, 'otp'));
onMailerRecordAuthAlertSend((e) => require(`${__hooks}/auth/auth-email.js`).sendAuthEmail(e, 'authAlert'));
