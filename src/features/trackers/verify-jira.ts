// Jira Cloud's webhook signature: an admin webhook saved with a secret is signed as WebSub's method=signature,
// X-Hub-Signature: "sha256=" + HMAC-SHA256 hex of the raw body with that secret (Atlassian's "Secure admin
// webhooks", https://developer.atlassian.com/cloud/jira/platform/webhooks/), the very scheme GitHub uses
// (hub-signature.ts). The delivery id is X-Atlassian-Webhook-Identifier, the same on every retry of one delivery.
import { hubSignedObject } from './hub-signature';
import type { Verifier } from './verified-event';

export const verifyJira: Verifier = async (secret, rawBody, headers) => {
  const deliveryId = headers.get('x-atlassian-webhook-identifier') ?? '';
  if (!deliveryId) return null;
  const payload = await hubSignedObject(secret, rawBody, headers.get('x-hub-signature') ?? '');
  if (!payload) return null;
  const event = typeof payload.webhookEvent === 'string' ? payload.webhookEvent : '';
  return { deliveryId: deliveryId.slice(0, 200), event: event.slice(0, 100), payload };
};
