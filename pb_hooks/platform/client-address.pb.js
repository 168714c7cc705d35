/// <reference path="../../pb_data/types.d.ts" />
// The site's server reads for many visitors from one address and names each visitor's address in a header
// PocketBase trusts (Settings → Trusted proxy), so rate limits count per visitor. The header's *name* is
// derived from CHORUS_PROXY_SECRET (X-Chorus-Ip-<32 hex of its SHA-256>): whoever lacks the secret cannot
// name it, and PocketBase reads it natively, with no JS on any request. The secret itself is never stored.
// Without a secret, no Chorus header is trusted. Recomputed on every start, so a new secret takes over.
// While a rotation runs (`npm run deploy -- --rotate-secrets`), CHORUS_PROXY_SECRET_PREVIOUS names a second
// header trusted after the first, so the site may still send the old one until its Worker switches.
onBootstrap((e) => {
  e.next();
  const { clientAddressHeader, isClientAddressHeader } = require(`${__hooks}/platform/client-address.js`);
  const secret = $os.getenv('CHORUS_PROXY_SECRET');
  const previous = $os.getenv('CHORUS_PROXY_SECRET_PREVIOUS');
  const settings = e.app.settings();
  const others = (settings.trustedProxy.headers || []).filter((name) => !isClientAddressHeader(name));
  const ours = !secret ? [] : previous && previous !== secret ? [secret, previous] : [secret];
  const wanted = [...ours.map(clientAddressHeader), ...others];
  if (JSON.stringify(wanted) === JSON.stringify(settings.trustedProxy.headers || [])) return;
  settings.trustedProxy.headers = wanted;
  e.app.save(settings);
});
