// A vote's rules on the server, written once (no imports) and compiled for both of PocketBase's runtimes by
// `npm run contract`: Go counts a vote (server/cmd/pocketbase/votes.go, from contract_gen.go), the hooks count
// reactions and comments and weigh an idea's worth (pb_hooks/ideas/, priority/insights-queue.js).
// Go cannot run trendingScore itself: votes.go writes it out once more, and its test checks it against the
// answers this one gives (server/cmd/pocketbase/testdata/contract-cases.json, written by the same command).

/** Whether a new vote or reaction by the member {:user} counts (one row, `counts`): their email is confirmed, or
 * the site lets unverified members post. No row: no such member (the record's own validation refuses it). Staff
 * voting on a member's behalf and the operator's writes count whatever this says (votes.go decideCounted). */
export const COUNTS_NOW_SQL =
  'SELECT (u.verified OR COALESCE((SELECT allow_unverified_posting FROM site LIMIT 1), FALSE)) AS counts ' +
  'FROM users u WHERE u.id = {:user}';

/** An idea with this many counted votes or more moves its count by one per vote instead of recounting its rows
 * (votes.go); one with more has its worth marked stale for the insights job instead of recomputed inside the
 * vote (priority/insights-queue.js). */
export const INLINE_VOTES = 1000;

/** The trending ("hot") score's epoch (2025-11-22, keeps scores small) and decay: an idea TRENDING_DECAY_SECONDS
 * newer needs ten times fewer points to rank equally. */
export const TRENDING_EPOCH = 1763800000;
export const TRENDING_DECAY_SECONDS = 172800;

/**
 * The trending score, stored so lists sort by an index:
 *   log10(max(1, votes + comments / 2)) + (created_unix − TRENDING_EPOCH) / TRENDING_DECAY_SECONDS
 * rounded to six places (halves up). Age is a bonus for being newer instead of a penalty for being older, so the
 * order equals the Hacker-News-style "points decayed by age" order while a stored score never goes stale.
 */
export function trendingScore(votes: number, comments: number, createdUnix: number): number {
  const points = Math.max(1, votes + comments / 2);
  return Math.round((Math.log10(points) + (createdUnix - TRENDING_EPOCH) / TRENDING_DECAY_SECONDS) * 1e6) / 1e6;
}
