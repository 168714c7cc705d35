/// <reference path="../pb_data/types.d.ts" />
// The site's server reads for many visitors from one address. It names the visitor in X-Chorus-Client-Ip
// (PocketBase's trusted proxy header, so rate limits count per visitor), but that header is believed only
// with the shared secret CHORUS_PROXY_SECRET; anyone else's copy is removed before the rate limiter runs.
routerUse(
  new Middleware(
    (e) => {
      const secret = $os.getenv('CHORUS_PROXY_SECRET');
      const header = e.request.header;
      const sent = header.get('X-Chorus-Proxy-Secret');
      if (!secret || !sent || !$security.equal(sent, secret)) {
        header.del('X-Chorus-Client-Ip');
      }
      header.del('X-Chorus-Proxy-Secret');
      return e.next();
    },
    -1100, // before the rate limiter (-1000), the activity logger (-1040) and everything else
    'chorusTrustedClientIp',
  ),
);
