/// <reference path="../pb_data/types.d.ts" />
// One middleware on every request, before PocketBase's rate limiter (kept to one so reads stay cheap):
// 1. The site's server reads for many visitors from one address. It names the visitor in
//    X-Chorus-Client-Ip (PocketBase's trusted proxy header, so rate limits count per visitor), believed
//    only with the shared secret CHORUS_PROXY_SECRET; anyone else's copy is removed.
// 2. Bodies that are not file uploads (JSON, forms) over 1 MB are refused at once with 413, unread.
// 3. Sign-in attempts per account and emails per recipient are counted (pb_hooks/lib/auth-limits.js).
// 4. A refusal thrown by Chorus's hooks is answered in the request's language (pb_hooks/lib/refusals.js).
routerUse(
  new Middleware(
    (e) => {
      try {
        const header = e.request.header;
        const secret = $os.getenv('CHORUS_PROXY_SECRET');
        const sent = header.get('X-Chorus-Proxy-Secret');
        if (!secret || !sent || !$security.equal(sent, secret)) header.del('X-Chorus-Client-Ip');
        header.del('X-Chorus-Proxy-Secret');

        if (e.request.contentLength > 1024 * 1024 && header.get('Content-Type').indexOf('multipart/form-data') === -1) {
          const { refusalText } = require(`${__hooks}/lib/refusals.js`);
          throw new ApiError(413, refusalText('requestTooLarge'), {});
        }

        if (e.request.method === 'POST' && /\/(auth-with-password|request-[a-z-]+)$/.test(e.request.url.path)) {
          return require(`${__hooks}/lib/auth-limits.js`).countAuthAttempt(e);
        }
        return e.next();
      } catch (error) {
        if (!require(`${__hooks}/lib/refusals.js`).answerRefusal(e, error)) throw error;
      }
    },
    -1100, // before the rate limiter (-1000), the activity logger (-1040) and the body limit (-990)
    'chorusRequestGuards',
  ),
);
