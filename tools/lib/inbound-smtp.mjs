// The local stand-in for Cloudflare Email Routing and the Worker's email() handler (src/features/inbound-email/):
// a real SMTP listener that takes mail for the inbound addresses and hands each raw message to PocketBase's one
// inbound route, proved with an "email" site proof as the Worker proves it, answering the sending server with
// PocketBase's verdict (250 taken or dropped, 550 refused, 451 try later). Messages over the limit are refused
// while they arrive (SIZE), never read whole. As the receiving server it also signs what only it knows of the
// session, the client's address and HELO name, so PocketBase checks SPF (server/cmd/pocketbase/mail_auth.go);
// it trusts no Authentication-Results header (no receiver before it wrote one).
import { createHash, createHmac } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
// The contract's own files (no imports, only erasable types: Node runs them as they are).
import { INBOUND_MAX_BYTES, INBOUND_ROUTE } from '../../src/contract/inbound-email.ts';
import { PROOF_LIFETIME_SECONDS, proofAudience, proofKeyLabel } from '../../src/contract/site-proof.ts';

const base64Url = (buffer) => Buffer.from(buffer).toString('base64url');

/** The HS256 proof src/lib/site-proof.ts signs in the Worker, signed with Node's crypto. */
export function signEmailProof(secret, claims) {
  const key = createHmac('sha256', secret).update(proofKeyLabel('email')).digest('hex');
  const now = Math.floor(Date.now() / 1000);
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = {
    ...claims,
    act: 'message',
    aud: proofAudience('email'),
    iat: now,
    exp: now + PROOF_LIFETIME_SECONDS,
  };
  const body = base64Url(JSON.stringify(payload));
  return `${header}.${body}.${createHmac('sha256', key).update(`${header}.${body}`).digest('base64url')}`;
}

/**
 * Hands one raw message for envelope `from` → `to` to PocketBase; its status and answer. `session`: the SMTP
 * client's address (`ip`) and HELO name (`helo`), when this listener took the message from the internet.
 */
export async function handOver({ pbUrl, proxySecret }, raw, from, to, session = {}) {
  const encoded = Buffer.from(raw).toString('base64');
  const digest = createHash('sha256').update(encoded).digest('hex');
  const proof = signEmailProof(proxySecret, { from, to, digest, ip: session.ip ?? '', helo: session.helo ?? '' });
  const response = await fetch(new URL(INBOUND_ROUTE, pbUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ proof, raw: encoded }),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: response.status, body: await response.json().catch(() => ({})) };
}

function smtpError(status, message) {
  const error = /** @type {Error & { responseCode?: number }} */ (new Error(message));
  error.responseCode = status === 429 || status >= 500 ? 451 : 550;
  return error;
}

/**
 * @param {{ port: number, pbUrl: string, proxySecret: string, host?: string, log?: (line: string) => void }} options
 */
export async function startInboundSmtp({ port, pbUrl, proxySecret, host = '127.0.0.1', log = () => {} }) {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: INBOUND_MAX_BYTES,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', async () => {
        if (stream.sizeExceeded) {
          log(`Inbound email refused: over ${INBOUND_MAX_BYTES} bytes`);
          return callback(smtpError(413, `Refused: a message is at most ${INBOUND_MAX_BYTES} bytes.`));
        }
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        try {
          for (const recipient of session.envelope.rcptTo) {
            const answer = await handOver({ pbUrl, proxySecret }, raw, from, recipient.address, {
              ip: String(session.remoteAddress ?? '').replace(/^::ffff:/, ''),
              helo: String(session.hostNameAppearsAs ?? ''),
            });
            if (answer.status >= 300) return callback(smtpError(answer.status, String(answer.body.message ?? '')));
          }
          callback();
        } catch (error) {
          callback(smtpError(503, `Try again later (${error instanceof Error ? error.message : error}).`));
        }
      });
    },
  });
  smtp.on('error', () => {});
  await new Promise((resolvePromise) => smtp.listen(port, host, resolvePromise));
  return {
    port,
    close: () => new Promise((resolvePromise) => smtp.close(() => resolvePromise(undefined))),
  };
}
