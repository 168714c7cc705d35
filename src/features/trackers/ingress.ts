// The public address a tracker sends its webhooks to (/integrations/<provider>/<connection id>): the body is
// capped, the connection's secret comes from PocketBase (the Worker proves itself with CHORUS_PROXY_SECRET),
// the signature is checked with the tracker's own library (VERIFIERS), and only a verified event goes on to
// PocketBase's queue, bound to its exact bytes by a SHA-256 in the proof. A replay is answered 200 and changes
// nothing; a forged event 401; an unknown or switched-off connection 404, the same for every reason.

import type { PocketBase } from '../../lib/pb/client';
import { ClientResponseError } from '../../lib/pb/client';
import { readTextWithin } from '../../lib/request-body';
import { signSiteProof } from '../../lib/site-proof';
import { VERIFIERS } from './verifiers';

/** GitHub caps payloads at 25 MB, but an issue event is tens of KB; anything this big is no event of ours. */
export const MAX_EVENT_BYTES = 512 * 1024;
const CONNECTION_ID = /^[a-z0-9]{15}$/;

export interface IngressContext {
  pb: PocketBase;
  proxySecret: string;
  provider: string;
  connection: string;
}

const answer = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function receiveTrackerEvent(request: Request, context: IngressContext): Promise<Response> {
  const { pb, proxySecret, provider, connection } = context;
  const verify = Object.hasOwn(VERIFIERS, provider) ? VERIFIERS[provider] : undefined;
  if (!verify || !CONNECTION_ID.test(connection)) return answer(404, { message: 'No such integration.' });
  if (!proxySecret) return answer(503, { message: 'Tracker events need CHORUS_PROXY_SECRET on the site.' });
  const rawBody = await readTextWithin(request, MAX_EVENT_BYTES);
  if (rawBody === null) return answer(413, { message: `An event is at most ${MAX_EVENT_BYTES} bytes.` });
  try {
    const claims = { connection, provider };
    const secretProof = await signSiteProof(proxySecret, 'trackers', { ...claims, act: 'secret' });
    const { secret } = await pb.send<{ secret: string }>('/api/chorus/trackers/secret', {
      method: 'POST',
      body: { proof: secretProof },
    });
    const event = await verify(secret, rawBody, request.headers);
    if (!event) return answer(401, { message: 'The signature does not match.' });
    const proof = await signSiteProof(proxySecret, 'trackers', {
      ...claims,
      act: 'event',
      deliveryId: event.deliveryId,
      event: event.event,
      digest: await sha256Hex(rawBody),
    });
    const queued = await pb.send<{ duplicate: boolean }>('/api/chorus/trackers/events', {
      method: 'POST',
      body: { proof, payload: rawBody },
    });
    return answer(200, { received: true, duplicate: queued.duplicate });
  } catch (error) {
    if (error instanceof ClientResponseError && error.status === 404)
      return answer(404, { message: 'No such integration.' });
    return answer(503, { message: 'Chorus could not take the event now; the tracker will retry.' });
  }
}
