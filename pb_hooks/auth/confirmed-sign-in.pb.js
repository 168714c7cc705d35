/// <reference path="../../pb_data/types.d.ts" />
// No account oracle after sign-up (issue 55): an account whose email is not confirmed cannot sign in with a
// password. It is answered exactly as an unknown account is (PocketBase's own 400 "Failed to authenticate."
// after its dummy password check), so signing in right after a sign-up with a taken address and with a new one
// answer alike; the site's message says to confirm the email first. The emailed code or link confirms it.
onRecordAuthWithPasswordRequest((e) => {
  if (e.record && !e.record.verified()) e.record = null;
  e.next();
}, 'users');
