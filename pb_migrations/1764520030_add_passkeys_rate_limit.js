/// <reference path="../pb_data/types.d.ts" />
// Passkey ceremonies per visitor (the Worker names the visitor's address, pb_hooks/platform/client-address.pb.js): each
// start stores a one-time challenge, so a visitor gets 60 passkey calls a minute (a sign-in takes three).
const LABEL = '/api/chorus/passkeys/';

migrate(
  (app) => {
    const settings = app.settings();
    const rules = (settings.rateLimits.rules || []).filter((rule) => rule.label !== LABEL);
    settings.rateLimits.rules = [...rules, { label: LABEL, maxRequests: 60, duration: 60 }];
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.rateLimits.rules = (settings.rateLimits.rules || []).filter((rule) => rule.label !== LABEL);
    app.save(settings);
  },
);
