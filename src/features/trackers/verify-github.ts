// GitHub's webhook signature (X-Hub-Signature-256: "sha256=" + HMAC-SHA256 of the raw body with the secret),
// checked with GitHub's maintained library (@octokit/webhooks-methods, Web Crypto, constant time).
// https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries
import { verify } from '@octokit/webhooks-methods';
import { parseObject, type Verifier } from './verified-event';

export const verifyGitHub: Verifier = async (secret, rawBody, headers) => {
  const signature = headers.get('x-hub-signature-256') ?? '';
  const deliveryId = headers.get('x-github-delivery') ?? '';
  const name = headers.get('x-github-event') ?? '';
  if (!secret || !signature.startsWith('sha256=') || !deliveryId || !name) return null;
  let valid = false;
  try {
    valid = await verify(secret, rawBody, signature);
  } catch {
    valid = false;
  }
  if (!valid) return null;
  const payload = parseObject(rawBody);
  if (!payload) return null;
  const action = typeof payload.action === 'string' ? `.${payload.action}` : '';
  return { deliveryId: deliveryId.slice(0, 200), event: `${name}${action}`.slice(0, 100), payload };
};
