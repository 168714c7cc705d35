// GitHub's webhook signature (X-Hub-Signature-256: "sha256=" + HMAC-SHA256 of the raw body with the secret,
// hub-signature.ts), its delivery id and event name.
// https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries
import { hubSignedObject } from './hub-signature';
import type { Verifier } from './verified-event';

export const verifyGitHub: Verifier = async (secret, rawBody, headers) => {
  const deliveryId = headers.get('x-github-delivery') ?? '';
  const name = headers.get('x-github-event') ?? '';
  if (!deliveryId || !name) return null;
  const payload = await hubSignedObject(secret, rawBody, headers.get('x-hub-signature-256') ?? '');
  if (!payload) return null;
  const action = typeof payload.action === 'string' ? `.${payload.action}` : '';
  return { deliveryId: deliveryId.slice(0, 200), event: `${name}${action}`.slice(0, 100), payload };
};
