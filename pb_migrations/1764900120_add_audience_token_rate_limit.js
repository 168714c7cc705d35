/// <reference path="../pb_data/types.d.ts" />
// The member audience's token route (pb_hooks/site/audience.pb.js) per client address: the Worker asks for the
// principal's token once per isolate every five minutes, so 60 a minute is far above its need and bounds guesses at
// the site's proof. An exact label (method and path) wins wherever it stands, but it goes before the generic "/api/",
// which stays last (the order 1764740000_order_rate_limit_rules.js set). Its number is named in the deploying page's
// "Abuse limits" table and proven in tests/integration/limits/limits-at-their-number.test.ts.
const RULE = { label: 'POST /api/chorus/audience/token', maxRequests: 60, duration: 60 };

migrate(
  (app) => {
    const settings = app.settings();
    const rules = (settings.rateLimits.rules || []).filter((rule) => rule.label !== RULE.label);
    const generic = rules.findIndex((rule) => rule.label === '/api/');
    const at = generic === -1 ? rules.length : generic;
    settings.rateLimits.rules = [...rules.slice(0, at), RULE, ...rules.slice(at)];
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.rateLimits.rules = (settings.rateLimits.rules || []).filter((rule) => rule.label !== RULE.label);
    app.save(settings);
  },
);
