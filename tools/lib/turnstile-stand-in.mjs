// A local stand-in for Cloudflare Turnstile's siteverify, for `npm start` and the tests (no Cloudflare account, no
// internet): POST secret, response, remoteip (form or JSON) to /turnstile/v0/siteverify, answered in the documented
// shape { success, challenge_ts, hostname, "error-codes", action, cdata } with the documented codes
// (missing-input-secret, invalid-input-secret, missing-input-response, invalid-input-response, bad-request,
// timeout-or-duplicate). Source: developers.cloudflare.com/turnstile/get-started/server-side-validation/ (see
// docs: features/spam.md for checking the real one). Tokens it accepts: ones issued through `issue`, each once,
// and, with Cloudflare's test secret only, its documented dummy token, which the test site key
// (1x00000000000000000000AA) gives every browser (as at Cloudflare, a production secret refuses it).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';
/** Cloudflare's documented test keys: this site key always passes in the browser; this secret pairs with it. */
export const TEST_SITE_KEY = '1x00000000000000000000AA';
export const TEST_SECRET = '1x0000000000000000000000000000000AA';

/**
 * @param {{ secret?: string, hostname?: string, port?: number }} [options]
 */
export async function startTurnstileStandIn({ secret = TEST_SECRET, hostname = 'localhost', port = 0 } = {}) {
  /** @type {Map<string, string>} token → the hostname it was solved on */
  const issued = new Map();
  const spent = new Set();
  /** @type {{ secret: string, response: string, remoteip: string }[]} */
  const calls = [];
  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let fields = {};
      try {
        fields = String(req.headers['content-type'] ?? '').includes('json')
          ? JSON.parse(raw || '{}')
          : Object.fromEntries(new URLSearchParams(raw));
      } catch {
        fields = {};
      }
      const call = { secret: fields.secret ?? '', response: fields.response ?? '', remoteip: fields.remoteip ?? '' };
      calls.push(call);
      const fail = (/** @type {string} */ code) => ({ success: false, 'error-codes': [code], messages: [] });
      let answer;
      if (req.method !== 'POST' || req.url !== '/turnstile/v0/siteverify') answer = fail('bad-request');
      else if (!call.secret) answer = fail('missing-input-secret');
      else if (call.secret !== secret) answer = fail('invalid-input-secret');
      else if (!call.response) answer = fail('missing-input-response');
      else if (call.response.length > 2048) answer = fail('invalid-input-response');
      else if (spent.has(call.response)) answer = fail('timeout-or-duplicate');
      else if (call.response === DUMMY_TOKEN && call.secret !== TEST_SECRET) answer = fail('invalid-input-response');
      else if (call.response === DUMMY_TOKEN || issued.has(call.response)) {
        // Cloudflare's test secret passes its dummy token every time; a real token is good once.
        if (call.response !== DUMMY_TOKEN) spent.add(call.response);
        answer = {
          success: true,
          challenge_ts: new Date().toISOString(),
          hostname: issued.get(call.response) ?? hostname,
          'error-codes': [],
          action: '',
          cdata: '',
          metadata: { interactive: false },
        };
      } else answer = fail('invalid-input-response');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise((done) => server.listen(port, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return {
    origin,
    url: `${origin}/turnstile/v0/siteverify`,
    calls,
    /** A token as if a browser on `on` had solved the challenge. */
    issue(on = hostname) {
      const token = `stand-in.${randomUUID()}`;
      issued.set(token, on);
      return token;
    },
    /** @returns {Promise<void>} */
    stop: () => new Promise((done) => server.close(() => done(undefined))),
  };
}
