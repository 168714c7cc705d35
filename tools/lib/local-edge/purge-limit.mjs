// Cloudflare's purge rate limit, enforced by the local edge: a token bucket per account (Workers Caching
// always has the Free plan's, 25 calls at once and 5 a minute), at most 100 tags a call; an over-budget call
// is refused with 429 and an error body like Cloudflare's API. Counts calls and refusals for tests and the bench.
import { purgeBudget, refill, takeToken } from '../../../src/lib/edge-cache/token-bucket.mjs';

export const MAX_TAGS_PER_CALL = 100;

/** @param {{ burst?: number | string, perMinute?: number | string }} [options] */
export function purgeLimiter(options = {}) {
  const budget = purgeBudget(options.burst, options.perMinute);
  let bucket = null;
  const stats = { calls: 0, refused: 0, tags: 0, firstCallAt: 0, lastCallAt: 0 };
  return {
    budget,
    stats,
    /**
     * Whether a call with `count` tags may go ahead now; an answer to send when it may not.
     * @returns {{ allowed: true } | { allowed: false, status: number, body: object }}
     */
    admit(count, now = Date.now()) {
      if (count > MAX_TAGS_PER_CALL) {
        return refusal(400, 1111, `A purge call may name at most ${MAX_TAGS_PER_CALL} tags.`);
      }
      const result = takeToken(bucket, budget, now);
      bucket = result.state;
      if (!result.taken) {
        stats.refused += 1;
        return refusal(429, 429, 'Rate limited: purge requests exceed the token bucket; retry later.', result.waitMs);
      }
      stats.calls += 1;
      stats.tags += count;
      stats.firstCallAt ||= now;
      stats.lastCallAt = now;
      return { allowed: true };
    },
    /** Tokens left now (whole and part). */
    tokens(now = Date.now()) {
      return refill(bucket, budget, now).tokens;
    },
  };
}

function refusal(status, code, message, retryAfterMs = 0) {
  return {
    allowed: false,
    status,
    retryAfter: Math.ceil(retryAfterMs / 1000),
    body: { success: false, errors: [{ code, message }], messages: [], result: null },
  };
}
