// Cloudflare's purge rate limit as a token bucket: `burst` calls at once, refilled at `perMinute` a minute.
// The Worker's purge queue spends it and the local edge enforces it, so both count the same way.

/** Workers Caching applies the Free plan's purge limits whatever the plan (README "Edge cache"). */
export const FREE_PLAN_PURGE_BUDGET = Object.freeze({ burst: 25, perMinute: 5 });

/**
 * The budget from two settings (strings from the environment); an unset or invalid one keeps the Free plan's.
 * @param {string | number | undefined} burst
 * @param {string | number | undefined} perMinute
 * @returns {{ burst: number, perMinute: number }}
 */
export function purgeBudget(burst, perMinute) {
  const positive = (value, fallback) => {
    const n = Number(value);
    return value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    burst: Math.max(1, Math.floor(positive(burst, FREE_PLAN_PURGE_BUDGET.burst))),
    perMinute: positive(perMinute, FREE_PLAN_PURGE_BUDGET.perMinute),
  };
}

/**
 * The bucket at `now`: full when never used, else refilled since its last update and capped at the burst.
 * @param {{ tokens: number, at: number } | null} state
 * @param {{ burst: number, perMinute: number }} budget
 * @param {number} now milliseconds
 * @returns {{ tokens: number, at: number }}
 */
export function refill(state, budget, now) {
  if (!state) return { tokens: budget.burst, at: now };
  const elapsed = Math.max(0, now - state.at);
  return { tokens: Math.min(budget.burst, state.tokens + (elapsed * budget.perMinute) / 60_000), at: now };
}

/**
 * Takes one token if there is one: `taken`, the bucket after, and how long until a token is there.
 * @param {{ tokens: number, at: number } | null} state
 * @param {{ burst: number, perMinute: number }} budget
 * @param {number} now
 * @returns {{ taken: boolean, state: { tokens: number, at: number }, waitMs: number }}
 */
export function takeToken(state, budget, now) {
  const current = refill(state, budget, now);
  if (current.tokens >= 1) return { taken: true, state: { tokens: current.tokens - 1, at: now }, waitMs: 0 };
  return { taken: false, state: current, waitMs: msUntilToken(current, budget) };
}

/**
 * Milliseconds until the (refilled) bucket holds a whole token.
 * @param {{ tokens: number, at: number }} state
 * @param {{ burst: number, perMinute: number }} budget
 */
export function msUntilToken(state, budget) {
  if (state.tokens >= 1) return 0;
  return Math.ceil(((1 - state.tokens) * 60_000) / budget.perMinute);
}
