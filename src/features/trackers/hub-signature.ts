// The WebSub-style body signature GitHub and Jira share ("sha256=" + HMAC-SHA256 hex of the raw body with the
// secret), checked with GitHub's maintained library (@octokit/webhooks-methods, Web Crypto, constant time).
import { verify } from '@octokit/webhooks-methods';
import { parseObject } from './verified-event';

/** The body as an object when `signature` signs it with `secret`, else null (any malformed part included). */
export async function hubSignedObject(
  secret: string,
  rawBody: string,
  signature: string,
): Promise<Record<string, unknown> | null> {
  if (!secret || !signature.startsWith('sha256=')) return null;
  try {
    if (!(await verify(secret, rawBody, signature))) return null;
  } catch {
    return null;
  }
  return parseObject(rawBody);
}
