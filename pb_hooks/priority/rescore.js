// Recomputes every idea's reach and score at once, set-based, after an admin changed the formula or the
// weights (pb_hooks/priority/scoring.pb.js): three statements in the caller's transaction instead of a recompute per
// idea (about four queries and a save each). Reach is recomputed only when the weights changed; it is the
// votes counted by each voter's highest segment weight (1 outside weighted segments) plus the revenue
// weight per $1,000, exactly as priority/insights.js computes it for one idea.
const { weightsOf, scoringOf } = require(`${__hooks}/priority/insights.js`);
const { formulaOf, scoreSql } = require(`${__hooks}/priority/score.js`);

function recomputeReach(app, weights) {
  const params = { rw: weights.revenue };
  const cases = Object.keys(weights.segments).map((id, i) => {
    params[`s${i}`] = id;
    params[`w${i}`] = weights.segments[id];
    return `WHEN sm.segment = {:s${i}} THEN {:w${i}}`;
  });
  const weightOfVoter = cases.length ? `COALESCE(MAX(CASE ${cases.join(' ')} END), 1)` : '1';
  const voters = cases.length
    ? 'votes v LEFT JOIN segment_members sm ON sm.user = v.user GROUP BY v.post, v.user'
    : 'votes v';
  app.db().newQuery('UPDATE post_insights SET reach = ROUND({:rw} * revenue / 1000.0, 3)').bind(params).execute();
  app
    .db()
    .newQuery(
      'UPDATE post_insights SET reach = ROUND(weighted.total + {:rw} * post_insights.revenue / 1000.0, 3) ' +
        `FROM (SELECT post, SUM(w) AS total FROM (SELECT v.post AS post, ${weightOfVoter} AS w FROM ${voters}) GROUP BY post) AS weighted ` +
        'WHERE weighted.post = post_insights.id',
    )
    .bind(params)
    .execute();
}

/** Recomputes every post_insights row under `scoring` (reach too when `weightsChanged`). No record events:
 * these numbers are staff-only and nothing live shows them. */
function rescoreAll(app, scoring = scoringOf(app), { weightsChanged = true } = {}) {
  const weights = weightsOf(scoring);
  if (weightsChanged) recomputeReach(app, weights);
  const formula = formulaOf(scoring);
  const votes =
    formula === 'revenue_votes'
      ? '(SELECT COUNT(*) FROM votes WHERE votes.post = post_insights.id AND votes.counted = TRUE)'
      : '0';
  app
    .db()
    .newQuery(`UPDATE post_insights SET score = ${scoreSql(formula, votes)}`)
    .bind({ rw: weights.revenue })
    .execute();
}

/** Is the scoring record's `weights` anything but { segments: { <existing segment id>: 0–100 }, revenue: 0–1,000 }? */
function badWeights(app, scoring) {
  let weights;
  try {
    weights = JSON.parse(toString(scoring.get('weights')) || '{}');
  } catch {
    return true;
  }
  if (!weights || typeof weights !== 'object' || Array.isArray(weights)) return true;
  const inRange = (value, max) => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max;
  if (weights.revenue !== undefined && !inRange(weights.revenue, 1000)) return true;
  const segments = weights.segments ?? {};
  if (!segments || typeof segments !== 'object' || Array.isArray(segments)) return true;
  for (const [id, weight] of Object.entries(segments)) {
    if (!inRange(weight, 100)) return true;
    try {
      app.findRecordById('segments', id);
    } catch {
      return true;
    }
  }
  return false;
}

module.exports = { rescoreAll, badWeights };
