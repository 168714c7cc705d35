/// <reference path="../../../pb_data/types.d.ts" />
// Cloudflare Turnstile on the doors spam comes through (issue 38), where the site turned it on: signing up, and
// asking for a sign-in code by email. The check itself is pb_hooks/platform/integrations/turnstile.js.
onRecordCreateRequest(
  (e) =>
    require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
      require(`${__hooks}/platform/integrations/turnstile.js`).requireHuman(e, e.record.email());
      e.next();
    }),
  'users',
);

onRecordRequestOTPRequest(
  (e) =>
    require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
      require(`${__hooks}/platform/integrations/turnstile.js`).requireHuman(
        e,
        String(e.requestInfo().body.email || ''),
      );
      e.next();
    }),
  'users',
);

// The secret is a hidden field (no API answer carries it): PocketBase takes hidden fields from superusers only
// (it drops them from others' bodies), so an admin sends a new one as `new_turnstile_secret` and it is set here.
// An empty one keeps the saved secret (the form never shows it).
onRecordUpdateRequest((e) => {
  const secret = e.requestInfo().body.new_turnstile_secret;
  if (typeof secret === 'string' && secret.trim() !== '') e.record.set('turnstile_secret', secret.trim());
  e.next();
}, 'spam_guard');
