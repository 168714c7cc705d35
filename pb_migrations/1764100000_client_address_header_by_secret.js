/// <reference path="../pb_data/types.d.ts" />
// PocketBase no longer trusts the fixed X-Chorus-Client-Ip header: nothing removes a forged copy any more (the
// JS middleware that did is gone). The visitor's address now comes in a header named after the shared
// secret, which pb_hooks/platform/client-address.pb.js lists on every start.
const OLD_HEADER = 'X-Chorus-Client-Ip';

migrate(
  (app) => {
    const settings = app.settings();
    settings.trustedProxy.headers = (settings.trustedProxy.headers || []).filter((h) => h !== OLD_HEADER);
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    const headers = settings.trustedProxy.headers || [];
    if (headers.indexOf(OLD_HEADER) === -1) settings.trustedProxy.headers = [OLD_HEADER, ...headers];
    app.save(settings);
  },
);
