// The Worker's side of a secret rotation (`npm run deploy -- --rotate-secrets`): PocketBase's publishes and purges
// signed with EDGE_PURGE_SECRET_PREVIOUS are taken only while that is set beside the current secret; a wrong
// secret is still refused, and the previous one never stands in for a missing current one.
import { describe, expect, it, vi } from 'vitest';

vi.mock('cloudflare:workers', () => ({ DurableObject: class {}, WorkerEntrypoint: class {} }));

const { handlePublishRequest } = await import('../../src/edge/publish');
const { handlePurgeRequest } = await import('../../src/lib/edge-cache/purge');

const CURRENT = 'the-new-edge-secret-0123456789abcdef';
const PREVIOUS = 'the-old-edge-secret-0123456789abcdef';

function publish(bearer: string | null, env: Record<string, string>) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
  const request = new Request('https://feedback.example.com/edge/publish', {
    method: 'POST',
    headers,
    body: JSON.stringify({ changes: [], tags: [] }),
  });
  return handlePublishRequest(request, env as never).then((response) => response.status);
}

function purgeStatus(bearer: string, config: { secret?: string; previous?: string }) {
  const request = new Request('https://feedback.example.com/edge-cache/purge', {
    headers: { authorization: `Bearer ${bearer}` },
  });
  return handlePurgeRequest(request, {
    secret: config.secret,
    previous: config.previous,
    enqueue: async () => ({ success: true }),
    status: async () => ({ pending: 0 }),
  }).then((response) => response.status);
}

describe('POST /edge/publish during a rotation', () => {
  const rotating = { EDGE_PURGE_SECRET: CURRENT, EDGE_PURGE_SECRET_PREVIOUS: PREVIOUS };

  it('takes the current secret and the previous one while it is set', async () => {
    expect(await publish(CURRENT, rotating)).toBe(200);
    expect(await publish(PREVIOUS, rotating)).toBe(200);
  });

  it('still refuses a wrong or missing secret', async () => {
    expect(await publish('a-guessed-secret', rotating)).toBe(401);
    expect(await publish(`${PREVIOUS}x`, rotating)).toBe(401);
    expect(await publish(null, rotating)).toBe(401);
    expect(await publish('', rotating)).toBe(401);
  });

  it('refuses the previous secret once the rotation ended (unset or empty)', async () => {
    expect(await publish(PREVIOUS, { EDGE_PURGE_SECRET: CURRENT })).toBe(401);
    expect(await publish(PREVIOUS, { EDGE_PURGE_SECRET: CURRENT, EDGE_PURGE_SECRET_PREVIOUS: '' })).toBe(401);
    expect(await publish(CURRENT, { EDGE_PURGE_SECRET: CURRENT })).toBe(200);
  });

  it('is off without a current secret, whatever the previous one', async () => {
    expect(await publish(PREVIOUS, { EDGE_PURGE_SECRET_PREVIOUS: PREVIOUS })).toBe(404);
  });
});

describe('/edge-cache/purge during a rotation', () => {
  it('answers the queue state to either secret while the previous one is set, and only then', async () => {
    expect(await purgeStatus(CURRENT, { secret: CURRENT, previous: PREVIOUS })).toBe(200);
    expect(await purgeStatus(PREVIOUS, { secret: CURRENT, previous: PREVIOUS })).toBe(200);
    expect(await purgeStatus('wrong', { secret: CURRENT, previous: PREVIOUS })).toBe(401);
    expect(await purgeStatus(PREVIOUS, { secret: CURRENT })).toBe(401);
    expect(await purgeStatus(PREVIOUS, { previous: PREVIOUS })).toBe(404);
  });
});
