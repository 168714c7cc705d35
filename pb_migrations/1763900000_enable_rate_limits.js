/// <reference path="../pb_data/types.d.ts" />
// Rate limits on by default, per client address (PocketBase's limiter), on every instance Chorus configures.
// The client address of the site's server reads is the visitor's: see pb_hooks/platform/client-address.pb.js.
const CLIENT_IP_HEADER = 'X-Chorus-Client-Ip';

migrate(
  (app) => {
    const settings = app.settings();
    settings.rateLimits.enabled = true;
    settings.rateLimits.rules = [
      // sign-in attempts (password, code, OAuth2)
      { label: '*:auth', maxRequests: 30, duration: 15 },
      // emails: sign-in codes, password resets, verification and email-change links
      { label: '*:requestOTP', maxRequests: 10, duration: 60 },
      { label: '*:requestPasswordReset', maxRequests: 10, duration: 60 },
      { label: '*:requestVerification', maxRequests: 10, duration: 60 },
      { label: '*:requestEmailChange', maxRequests: 10, duration: 60 },
      // record creates (ideas, comments, votes…); per-member limits are in pb_hooks/platform/create-limits.pb.js
      { label: '*:create', maxRequests: 100, duration: 10 },
      { label: '/api/batch', maxRequests: 3, duration: 1 },
      // everything else, per visitor
      { label: '/api/', maxRequests: 300, duration: 10 },
    ];
    const headers = settings.trustedProxy.headers || [];
    if (headers.indexOf(CLIENT_IP_HEADER) === -1) settings.trustedProxy.headers = [CLIENT_IP_HEADER, ...headers];
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.rateLimits.enabled = false;
    settings.trustedProxy.headers = (settings.trustedProxy.headers || []).filter((h) => h !== CLIENT_IP_HEADER);
    app.save(settings);
  },
);
