/// <reference path="../pb_data/types.d.ts" />
// Refusals thrown by Chorus's hooks while PocketBase handles a write or a sign-in are answered in the
// request's language (pb_hooks/lib/refusals.js); Chorus's own routes take the same handler as middleware.
// The leading underscore loads this file first, so these handlers wrap every other hook of the same events.
// No global middleware: one would hold a JS VM for the whole life of every realtime connection.
{
  const { inRequestLanguage } = require(`${__hooks}/lib/refusals.js`);
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
