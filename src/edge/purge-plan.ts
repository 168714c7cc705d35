// Which tags the purge queue sends in its next call: the pending tags when they fit one call; else, while
// the budget can still carry them all, the oldest 100; else one `site` purge, which empties every page.
import { SITE_TAG } from '../lib/edge-cache/tags';

/** Cloudflare's most operations (tags) per purge call, on every plan. */
export const MAX_TAGS_PER_CALL = 100;

export interface PurgeCall {
  tags: string[];
  /** True when the pending tags were replaced by `site` (the whole pending set is then done). */
  collapsed: boolean;
}

/**
 * @param pending the distinct pending tags, oldest first
 * @param tokens whole purge calls the budget allows now (including this one)
 */
export function nextPurgeCall(pending: readonly string[], tokens: number): PurgeCall | null {
  if (pending.length === 0) return null;
  if (pending.includes(SITE_TAG)) return { tags: [SITE_TAG], collapsed: true };
  if (pending.length <= MAX_TAGS_PER_CALL) return { tags: [...pending], collapsed: false };
  const callsNeeded = Math.ceil(pending.length / MAX_TAGS_PER_CALL);
  if (callsNeeded <= Math.floor(tokens)) return { tags: pending.slice(0, MAX_TAGS_PER_CALL), collapsed: false };
  return { tags: [SITE_TAG], collapsed: true };
}
