// Jira Cloud's webhook signature: an admin webhook saved with a secret is signed as WebSub's method=signature,
// X-Hub-Signature: "sha256=" + HMAC-SHA256 hex of the raw body with that secret (Atlassian's "Secure admin
// webhooks", https://developer.atlassian.com/cloud/jira/platform/webhooks/), the very scheme GitHub uses, so it
// is checked with the same maintained library (@octokit/webhooks-methods, Web Crypto, constant time). The
// delivery id is X-Atlassian-Webhook-Identifier, the same on every retry of one delivery.
import { verify } from '@octokit/webhooks-methods';
import { parseObject, type Verifier } from './verified-event';

export const verifyJira: Verifier = async (secret, rawBody, headers) => {
  const signature = headers.get('x-hub-signature') ?? '';
  const deliveryId = headers.get('x-atlassian-webhook-identifier') ?? '';
  if (!secret || !signature.startsWith('sha256=') || !deliveryId) return null;
  let valid = false;
  try {
    valid = await verify(secret, rawBody, signature);
  } catch {
    valid = false;
  }
  if (!valid) return null;
  const payload = parseObject(rawBody);
  if (!payload) return null;
  const event = typeof payload.webhookEvent === 'string' ? payload.webhookEvent : '';
  return { deliveryId: deliveryId.slice(0, 200), event: event.slice(0, 100), payload };
};
