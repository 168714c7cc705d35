/// <reference path="../../pb_data/types.d.ts" />
// Refusals thrown by Chorus's hooks while PocketBase handles a write or a sign-in are answered in the
// request's language (pb_hooks/platform/refusals.js); Chorus's own routes take the same handler as middleware.
// Hook files load in no fixed order, so these may run inside other hooks of the same events: they catch what
// PocketBase's own action and the model hooks throw, and each request hook that refuses before e.next()
// wraps its own body in inRequestLanguage too.
// No global middleware: one would hold a JS VM for the whole life of every realtime connection.
{
  const { inRequestLanguage } = require(`${__hooks}/platform/refusals.js`);
  onRecordCreateRequest(inRequestLanguage);
  onRecordUpdateRequest(inRequestLanguage);
  onRecordDeleteRequest(inRequestLanguage);
  onRecordAuthWithPasswordRequest(inRequestLanguage);
  onRecordAuthWithOAuth2Request(inRequestLanguage);
  onRecordAuthWithOTPRequest(inRequestLanguage);
  onRecordRequestOTPRequest(inRequestLanguage);
  onRecordRequestPasswordResetRequest(inRequestLanguage);
  onRecordRequestVerificationRequest(inRequestLanguage);
  onRecordRequestEmailChangeRequest(inRequestLanguage);
  onRecordConfirmPasswordResetRequest(inRequestLanguage);
  onRecordConfirmVerificationRequest(inRequestLanguage);
  onRecordConfirmEmailChangeRequest(inRequestLanguage);
}
