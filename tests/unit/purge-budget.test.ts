// The purge budget: Cloudflare's token bucket (the queue spends it, the local edge enforces it) and which tags
// the queue sends when more wait than one call or the budget can carry.
import { describe, expect, it } from 'vitest';
import { MAX_TAGS_PER_CALL, nextPurgeCall } from '../../src/edge/purge-plan';
import { FREE_PLAN_PURGE_BUDGET, purgeBudget, refill, takeToken } from '../../src/lib/edge-cache/token-bucket.mjs';
import { purgeLimiter } from '../../tools/lib/local-edge/purge-limit.mjs';

const free = FREE_PLAN_PURGE_BUDGET;
const posts = (n: number) => Array.from({ length: n }, (_, i) => `post:${String(i).padStart(15, '0')}`);

describe('token bucket', () => {
  it('allows the burst at once, then one call per refill interval (12 s at 5 a minute)', () => {
    let state = null as { tokens: number; at: number } | null;
    for (let i = 0; i < 25; i++) {
      const result = takeToken(state, free, 1000);
      expect(result.taken).toBe(true);
      state = result.state;
    }
    const refused = takeToken(state, free, 1000);
    expect(refused.taken).toBe(false);
    expect(refused.waitMs).toBe(12_000);
    expect(takeToken(state, free, 1000 + 11_999).taken).toBe(false);
    expect(takeToken(state, free, 1000 + 12_000).taken).toBe(true);
  });

  it('never refills past the burst', () => {
    expect(refill({ tokens: 0, at: 0 }, free, 3_600_000).tokens).toBe(25);
  });

  it('reads its budget from the environment, keeping the Free plan for unset or invalid values', () => {
    expect(purgeBudget(undefined, undefined)).toEqual({ burst: 25, perMinute: 5 });
    expect(purgeBudget('3', '60')).toEqual({ burst: 3, perMinute: 60 });
    expect(purgeBudget('-1', 'many')).toEqual({ burst: 25, perMinute: 5 });
  });
});

describe('next purge call', () => {
  it('sends every pending tag in one call when they fit', () => {
    expect(nextPurgeCall(['board:a', 'post:b'], 1)).toEqual({ tags: ['board:a', 'post:b'], collapsed: false });
    expect(nextPurgeCall([], 25)).toBeNull();
  });

  it('sends only `site` when it is pending: it covers every page', () => {
    expect(nextPurgeCall(['post:a', 'site', 'board:b'], 1)).toEqual({ tags: ['site'], collapsed: true });
  });

  it('sends the oldest 100 while the budget can carry every pending tag', () => {
    const call = nextPurgeCall(posts(250), 3);
    expect(call?.collapsed).toBe(false);
    expect(call?.tags).toEqual(posts(250).slice(0, MAX_TAGS_PER_CALL));
  });

  it('collapses to `site` when more tags wait than the budget carries now', () => {
    expect(nextPurgeCall(posts(250), 2.9)).toEqual({ tags: ['site'], collapsed: true });
    expect(nextPurgeCall(posts(101), 1)).toEqual({ tags: ['site'], collapsed: true });
  });
});

describe('the local edge purge limit', () => {
  it('refuses over-budget calls with 429 and a Cloudflare-like body, and counts them', () => {
    const limiter = purgeLimiter({ burst: 2, perMinute: 5 });
    expect(limiter.admit(1, 0).allowed).toBe(true);
    expect(limiter.admit(100, 0).allowed).toBe(true);
    const refused = limiter.admit(1, 0);
    expect(refused).toMatchObject({ allowed: false, status: 429, retryAfter: 12 });
    expect(refused.allowed === false && refused.body).toMatchObject({ success: false, errors: [{ code: 429 }] });
    expect(limiter.admit(1, 12_000).allowed).toBe(true);
    expect(limiter.stats).toMatchObject({ calls: 3, refused: 1, tags: 102 });
  });

  it('refuses a call naming more than 100 tags', () => {
    expect(purgeLimiter().admit(101, 0)).toMatchObject({ allowed: false, status: 400 });
  });
});
