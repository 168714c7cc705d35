// The Worker's email() handler (Cloudflare Email Routing): the one module that speaks to Email Routing. A message
// to the inbound domain is handed, raw and unparsed, to PocketBase's one inbound route with an "email" site proof
// binding its SHA-256 (pb_hooks/inbound-email/receive.js decides everything); PocketBase's refusal becomes the
// sender's bounce (setReject), a dropped loop or auto-reply is taken silently, and a message over the limit is
// refused before a byte of it is read. Locally tools/lib/inbound-smtp.mjs stands in for Email Routing and this.
// Email Routing checks SPF, DKIM and DMARC itself (it rejects what the sender's DMARC policy says to reject) and
// writes its verdict in the Authentication-Results header it adds on top, under its authserv-id
// `mx.cloudflare.net`: the proof names that receiver, so PocketBase believes that header and no other; without a
// pass there, PocketBase verifies DKIM itself (server/cmd/pocketbase/mail_auth.go).
import { INBOUND_MAX_BYTES, INBOUND_ROUTE } from '../../contract/inbound-email';
import { signSiteProof } from '../../lib/site-proof';

/** What the Worker reads of Email Routing's ForwardableEmailMessage. */
export interface InboundEmailMessage {
  readonly from: string;
  readonly to: string;
  readonly raw: ReadableStream<Uint8Array>;
  readonly rawSize: number;
  setReject(reason: string): void;
}

export interface InboundEmailEnv {
  PB_URL?: string;
  PUBLIC_PB_URL?: string;
  CHORUS_PROXY_SECRET?: string;
  /** The authserv-id whose Authentication-Results header is believed; `off` believes none. */
  CHORUS_EMAIL_AUTHSERV_ID?: string;
}

/** Email Routing's authserv-id, as its Authentication-Results headers name it. */
export const EMAIL_ROUTING_AUTHSERV_ID = 'mx.cloudflare.net';

function trustedReceiver(env: InboundEmailEnv): string {
  const configured = env.CHORUS_EMAIL_AUTHSERV_ID?.trim() || EMAIL_ROUTING_AUTHSERV_ID;
  return configured === 'off' ? '' : configured;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Standard base64 (what Go's decoder reads) of the raw message, built a chunk at a time (megabytes of CPU). */
function base64Of(bytes: Uint8Array): string {
  const chunks: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x8000) {
    chunks.push(String.fromCharCode(...bytes.subarray(i, i + 0x8000)));
  }
  return btoa(chunks.join(''));
}

export async function receiveEmail(message: InboundEmailMessage, env: InboundEmailEnv): Promise<void> {
  if (message.rawSize > INBOUND_MAX_BYTES) {
    console.warn('Inbound email refused: over the size limit', message.from, message.to, message.rawSize);
    return message.setReject(`Refused: a message is at most ${INBOUND_MAX_BYTES} bytes.`);
  }
  if (!env.CHORUS_PROXY_SECRET) throw new Error('Ideas by email needs CHORUS_PROXY_SECRET on the site.');
  const raw = new Uint8Array(await new Response(message.raw).arrayBuffer());
  const encoded = base64Of(raw);
  const proof = await signSiteProof(env.CHORUS_PROXY_SECRET, 'email', {
    act: 'message',
    from: message.from,
    to: message.to,
    digest: await sha256Hex(encoded),
    receiver: trustedReceiver(env),
  });
  const pbUrl = (env.PB_URL || env.PUBLIC_PB_URL || 'http://127.0.0.1:8090').replace(/\/+$/, '');
  const answer = await fetch(`${pbUrl}${INBOUND_ROUTE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ proof, raw: encoded }),
    signal: AbortSignal.timeout(30_000),
  });
  if (answer.ok) return;
  const text = ((await answer.json().catch(() => ({}))) as { message?: string }).message ?? 'Refused.';
  // A refusal bounces; PocketBase down or busy (5xx, 429) throws, so Email Routing answers the sender "try later".
  if (answer.status >= 500 || answer.status === 429) throw new Error(`Inbound email not taken now: ${answer.status}`);
  console.warn('Inbound email refused', message.from, message.to, answer.status, text);
  message.setReject(text);
}
