/// <reference path="../pb_data/types.d.ts" />
// PocketBase's rate-limit rules, in the order its matcher needs (core/settings_model.go FindRateLimitRule):
// exact labels ("*:auth", "/api/batch", "POST /api/…") win wherever they stand, but among path prefixes
// (labels ending in "/") the FIRST listed that matches wins. The passkeys' prefix stood after "/api/", so it
// never applied; here every narrower prefix comes before "/api/". A snapshot: the whole list, literally.
// The numbers are named in docs/src/content/docs/operate/deploying.md ("Abuse limits"); each is proven at its number in
// tests/integration/limits/limits-at-their-number.test.ts.
const RULES = [
  // sign-in attempts (password, code, OAuth2), per auth route
  { label: '*:auth', maxRequests: 30, duration: 15 },
  // emails: sign-in codes, password resets, verification and email-change links
  { label: '*:requestOTP', maxRequests: 10, duration: 60 },
  { label: '*:requestPasswordReset', maxRequests: 10, duration: 60 },
  { label: '*:requestVerification', maxRequests: 10, duration: 60 },
  { label: '*:requestEmailChange', maxRequests: 10, duration: 60 },
  // members' email-change requests: Chorus's own route (pb_hooks/auth/users.pb.js), the same number
  { label: 'POST /api/collections/users/request-email-change', maxRequests: 10, duration: 60 },
  // record creates (ideas, comments, votes…); per-member limits are in pb_hooks/platform/limits.js
  { label: '*:create', maxRequests: 100, duration: 10 },
  { label: '/api/batch', maxRequests: 3, duration: 1 },
  // passkey ceremonies: each start stores a one-time challenge (a sign-in takes three calls)
  { label: '/api/chorus/passkeys/', maxRequests: 60, duration: 60 },
  // everything else, per visitor: LAST, so that it never shadows a narrower prefix
  { label: '/api/', maxRequests: 300, duration: 10 },
];

// The list as the two earlier migrations left it (for the way down).
const BEFORE = [
  { label: '*:auth', maxRequests: 30, duration: 15 },
  { label: '*:requestOTP', maxRequests: 10, duration: 60 },
  { label: '*:requestPasswordReset', maxRequests: 10, duration: 60 },
  { label: '*:requestVerification', maxRequests: 10, duration: 60 },
  { label: '*:requestEmailChange', maxRequests: 10, duration: 60 },
  { label: '*:create', maxRequests: 100, duration: 10 },
  { label: '/api/batch', maxRequests: 3, duration: 1 },
  { label: '/api/', maxRequests: 300, duration: 10 },
  { label: '/api/chorus/passkeys/', maxRequests: 60, duration: 60 },
];

migrate(
  (app) => {
    const settings = app.settings();
    settings.rateLimits.enabled = true;
    settings.rateLimits.rules = RULES;
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.rateLimits.rules = BEFORE;
    app.save(settings);
  },
);
