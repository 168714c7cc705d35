// A local stand-in for Cloudflare Turnstile's siteverify (POST secret, response, remoteip; form or JSON), speaking
// the documented API: { success, challenge_ts, hostname, "error-codes", action, cdata }. Shape and codes from
// developers.cloudflare.com/turnstile/get-started/server-side-validation/ (see docs: features/spam.md). Tokens it
// accepts: ones the test issues (each once: a replay is timeout-or-duplicate) and Cloudflare's documented dummy
// token, which its test site keys hand every browser.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allowOutbound } from './outbound-allow';

export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

export interface SiteverifyCall {
  secret: string;
  response: string;
  remoteip: string;
}

export async function startTurnstileStandIn({ secret, hostname = '127.0.0.1' }: { secret: string; hostname?: string }) {
  const issued = new Map<string, string>(); // token → hostname it was solved on
  const spent = new Set<string>();
  const calls: SiteverifyCall[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const json = String(req.headers['content-type'] ?? '').includes('json');
      const fields = json
        ? (JSON.parse(raw || '{}') as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(raw));
      const call = { secret: fields.secret ?? '', response: fields.response ?? '', remoteip: fields.remoteip ?? '' };
      calls.push(call);
      const fail = (...codes: string[]) => ({ success: false, 'error-codes': codes, messages: [] });
      let answer: Record<string, unknown>;
      if (req.method !== 'POST' || req.url !== '/turnstile/v0/siteverify') answer = fail('bad-request');
      else if (!call.secret) answer = fail('missing-input-secret');
      else if (call.secret !== secret) answer = fail('invalid-input-secret');
      else if (!call.response) answer = fail('missing-input-response');
      else if (call.response.length > 2048) answer = fail('invalid-input-response');
      else if (spent.has(call.response)) answer = fail('timeout-or-duplicate');
      else if (call.response === DUMMY_TOKEN || issued.has(call.response)) {
        spent.add(call.response);
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  allowOutbound(origin); // the test's PocketBase may send here
  return {
    url: `${origin}/turnstile/v0/siteverify`,
    calls,
    /** A token as if a browser on `on` had solved the challenge. */
    issue(on = hostname): string {
      const token = `stand-in.${randomUUID()}`;
      issued.set(token, on);
      return token;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
