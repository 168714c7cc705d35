// What each idea is worth to the business, kept as server-maintained numbers in `post_insights` (one row
// per post, same id) so staff lists sort by an index instead of aggregating per request:
// - revenue: the summed monthly revenue of the distinct companies whose members voted for it;
// - company_count and plans: how many companies, and votes and revenue per plan;
// - reach: votes weighted by segment (a voter counts the highest weight of their segments, else 1) plus
//   the revenue weight per $1,000 of that revenue (scoring.weights: { segments: {id: w}, revenue });
// - score: priority/score.js over reach and the staff's impact, confidence and effort.
// Recomputed from the source rows inside the caller's transaction, like ideas/counters.js.
const { formulaOf, scoreOf } = require(`${__hooks}/priority/score.js`);
const { boundList } = require(`${__hooks}/platform/records.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

/** The one `scoring` record (formula and weights), or null before the migration made it. */
function scoringOf(app) {
  const [scoring] = app.findRecordsByFilter('scoring', '', '', 1, 0);
  return scoring ?? null;
}

/** A json field as a plain object ({} when empty or not an object). */
function jsonField(record, name) {
  if (!record) return {};
  try {
    const value = JSON.parse(toString(record.get(name)) || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

/** The admin's weights: { segments: {segmentId: weight}, revenue: weight per $1,000 } (sane defaults). */
function weightsOf(scoring) {
  const parsed = jsonField(scoring, 'weights');
  const segments = {};
  for (const [id, weight] of Object.entries(parsed.segments ?? {})) {
    const n = Number(weight);
    if (/^[a-z0-9]{15}$/.test(id) && Number.isFinite(n) && n >= 0 && n <= 100) segments[id] = n;
  }
  const revenue = Number(parsed.revenue);
  return { segments, revenue: Number.isFinite(revenue) && revenue >= 0 && revenue <= 1000 ? revenue : 0 };
}

/** Votes and revenue per plan, the distinct companies and their summed revenue, for one post. */
function worthOf(app, postId) {
  const votesByPlan = rowsOf(
    app,
    "SELECT COALESCE(c.plan, '') AS plan, COUNT(*) AS votes FROM votes v " +
      'LEFT JOIN member_profiles mp ON mp.user = v.user LEFT JOIN companies c ON c.id = mp.company ' +
      'WHERE v.post = {:post} AND v.counted = TRUE GROUP BY 1',
    { plan: '', votes: 0 },
    { post: postId },
  );
  // Each company counts once, however many of its people voted.
  const revenueByPlan = rowsOf(
    app,
    "SELECT COALESCE(plan, '') AS plan, COALESCE(SUM(monthly_revenue), 0) AS revenue, COUNT(*) AS companies " +
      'FROM companies WHERE id IN (SELECT mp.company FROM votes v JOIN member_profiles mp ON mp.user = v.user ' +
      'WHERE v.post = {:post} AND v.counted = TRUE) GROUP BY 1',
    { plan: '', revenue: 0, companies: 0 },
    { post: postId },
  );
  const plans = {};
  let votes = 0;
  let revenue = 0;
  let companies = 0;
  for (const row of votesByPlan) {
    plans[row.plan] = { votes: row.votes, revenue: 0, companies: 0 };
    votes += row.votes;
  }
  for (const row of revenueByPlan) {
    plans[row.plan] = { votes: plans[row.plan]?.votes ?? 0, revenue: row.revenue, companies: row.companies };
    revenue += row.revenue;
    companies += row.companies;
  }
  return { plans, revenue, companies, votes };
}

/** Votes counted by their voters' highest segment weight (1 for a voter in no weighted segment). */
function weightedVotes(app, postId, segmentWeights, votes) {
  const ids = Object.keys(segmentWeights);
  if (ids.length === 0) return votes;
  const params = { post: postId };
  const cases = ids.map((id, i) => {
    params[`s${i}`] = id;
    params[`w${i}`] = segmentWeights[id];
    return `WHEN sm.segment = {:s${i}} THEN {:w${i}}`;
  });
  const found = new DynamicModel({ total: 0 });
  app
    .db()
    .newQuery(
      'SELECT COALESCE(SUM(w), 0) AS total FROM (SELECT v.user, COALESCE(MAX(CASE ' +
        cases.join(' ') +
        ' END), 1) AS w FROM votes v LEFT JOIN segment_members sm ON sm.user = v.user WHERE v.post = {:post} AND v.counted = TRUE GROUP BY v.user)',
    )
    .bind(params)
    .one(found);
  return found.total;
}

/** The insights row of a post, created when missing (posts made before it, or by a cascade). */
function insightsRow(app, post) {
  try {
    return app.findRecordById('post_insights', post.id);
  } catch {
    const row = new Record(app.findCachedCollectionByNameOrId('post_insights'));
    row.set('id', post.id);
    row.set('post', post.id);
    return row;
  }
}

/** Recomputes one post's worth and score and saves its insights row (a no-op for a post being deleted). */
function recomputeInsights(app, postId, scoring = scoringOf(app)) {
  let post;
  try {
    post = app.findRecordById('posts', postId);
  } catch {
    return null;
  }
  const row = insightsRow(app, post);
  const weights = weightsOf(scoring);
  const worth = worthOf(app, postId);
  const reach = weightedVotes(app, postId, weights.segments, worth.votes) + (weights.revenue * worth.revenue) / 1000;
  row.set('board', post.getString('board'));
  row.set('revenue', worth.revenue);
  row.set('company_count', worth.companies);
  row.set('plans', worth.plans);
  const roundedReach = Math.round(reach * 1000) / 1000;
  row.set('reach', roundedReach);
  row.set(
    'score',
    scoreOf(
      {
        reach: roundedReach,
        revenueWeight: weights.revenue,
        impact: row.getFloat('impact'),
        confidence: row.getFloat('confidence'),
        effort: row.getFloat('effort'),
        revenue: worth.revenue,
        votes: worth.votes,
      },
      formulaOf(scoring),
    ),
  );
  row.set('stale', false); // whatever marked it stale (priority/insights-queue.js) is counted now
  app.saveNoValidate(row);
  return row;
}

/** Recomputes every post a set of members voted for (a member's company changed, a company's revenue…). */
function recomputeVotedBy(app, userIds) {
  if (userIds.length === 0) return 0;
  const scoring = scoringOf(app);
  const params = {};
  const placeholders = boundList(params, 'u', userIds);
  const rows = rowsOf(
    app,
    `SELECT DISTINCT post FROM votes WHERE user IN (${placeholders.join(', ')})`,
    { post: '' },
    params,
  );
  const posts = rows.map((row) => row.post);
  for (const id of posts) recomputeInsights(app, id, scoring);
  return posts.length;
}

/** The members of a company (for recomputing after its revenue or plan changed). */
function membersOf(app, companyId) {
  const rows = rowsOf(app, 'SELECT user FROM member_profiles WHERE company = {:c}', { user: '' }, { c: companyId });
  return rows.map((row) => row.user);
}

module.exports = { recomputeInsights, recomputeVotedBy, membersOf, weightsOf, scoringOf, jsonField, worthOf };
