// Linear's webhook signature (Linear-Signature: hex HMAC-SHA256 of the raw body) and freshness (the body's
// webhookTimestamp within a minute, so a captured event cannot be replayed later), checked with Linear's
// maintained SDK (@linear/sdk/webhooks). https://linear.app/developers/webhooks#securing-webhooks
import { LinearWebhookClient } from '@linear/sdk/webhooks';
import { parseObject, type Verifier } from './verified-event';

export const verifyLinear: Verifier = async (secret, rawBody, headers) => {
  const signature = headers.get('linear-signature') ?? '';
  const deliveryId = headers.get('linear-delivery') ?? '';
  if (!secret || !signature || !deliveryId) return null;
  try {
    new LinearWebhookClient(secret).parseData(
      Buffer.from(rawBody),
      signature,
      headers.get('linear-timestamp') ?? undefined,
    );
  } catch {
    return null;
  }
  const payload = parseObject(rawBody);
  if (!payload) return null;
  const type = typeof payload.type === 'string' ? payload.type : (headers.get('linear-event') ?? '');
  const action = typeof payload.action === 'string' ? `.${payload.action}` : '';
  return { deliveryId: deliveryId.slice(0, 200), event: `${type}${action}`.slice(0, 100), payload };
};
