// GENERATED from src/contract/vote-rules.ts by `npm run contract`: edit that file, never this one.
const COUNTS_NOW_SQL = "SELECT (u.verified OR COALESCE((SELECT allow_unverified_posting FROM site LIMIT 1), FALSE)) AS counts FROM users u WHERE u.id = {:user}";
const INLINE_VOTES = 1e3;
const TRENDING_EPOCH = 17638e5;
const TRENDING_DECAY_SECONDS = 172800;
function trendingScore(votes, comments, createdUnix) {
  const points = Math.max(1, votes + comments / 2);
  return Math.round((Math.log10(points) + (createdUnix - TRENDING_EPOCH) / TRENDING_DECAY_SECONDS) * 1e6) / 1e6;
}
module.exports = { COUNTS_NOW_SQL, INLINE_VOTES, TRENDING_DECAY_SECONDS, TRENDING_EPOCH, trendingScore };
