// Staff insight's numbers (/admin/insights), one home for their queries: ideas, votes, comments and active voters
// per week, time to the first staff response and to done, the status funnel, duplicate and spam rates, top ideas
// by votes and by revenue (in a segment or overall), and searches that found nothing. Every query walks an index
// over the chosen weeks (created ≥ the first Monday) or a LIMIT-ed index order, so its cost follows the window's
// activity, not the board's size (tests/integration/insights-report/report-queries.test.ts checks the plans).
const { csvCell } = require(`${__hooks}/audit/audit-export.js`);
const { weekOf } = require(`${__hooks}/insights-report/search-misses.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

const DAY = 86_400_000;
const WEEK_CHOICES = [12, 26];
const TOP = 10;
const TOP_MISSES = 20;
const ID = /^[a-z0-9]{15}$/;
const BUCKET = (column) => `CAST((julianday(${column}) - julianday({:start})) / 7 AS INTEGER)`;

/** The chosen window: 12 or 26 weeks ending with the current one (Mondays, UTC). */
function windowOf(weeks, now = Date.now()) {
  const count = WEEK_CHOICES.includes(Number(weeks)) ? Number(weeks) : 12;
  const firstMs = Date.parse(`${weekOf(now)}T00:00:00Z`) - (count - 1) * 7 * DAY;
  const mondays = [];
  for (let i = 0; i < count; i += 1) mondays.push(new Date(firstMs + i * 7 * DAY).toISOString().slice(0, 10));
  return { count, mondays, start: `${mondays[0]} 00:00:00.000Z` };
}

function rows(app, sql, params, shape) {
  const found = rowsOf(app, sql, shape, params);
  return found.map((row) => {
    const plain = {};
    for (const key in shape) plain[key] = row[key];
    return plain;
  });
}

/** Weekly counts as one number per Monday. */
function perWeek(app, sql, params, count) {
  const values = new Array(count).fill(0);
  for (const row of rows(app, sql, params, { w: 0, n: 0 })) if (row.w >= 0 && row.w < count) values[row.w] = row.n;
  return values;
}

/** The value at quantile q (nearest rank) of sorted numbers, rounded to one decimal; null when empty. */
function quantile(sorted, q) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return Math.round(sorted[index] * 10) / 10;
}

const ms = (text) => (text ? Date.parse(String(text).replace(' ', 'T')) : Number.NaN);

function timings(app, params) {
  const done = rows(app, "SELECT id FROM statuses WHERE slug = 'done'", {}, { id: '' })[0]?.id || '';
  const ideas = rows(
    app,
    "SELECT p.created AS created, COALESCE(p.response_at, '') AS answered, " +
      "COALESCE((SELECT MIN(c.created) FROM comments c WHERE c.post = p.id AND c.by_staff = TRUE AND c.internal = FALSE), '') AS commented, " +
      "COALESCE((SELECT MIN(s.created) FROM status_events s WHERE s.post = p.id), '') AS moved, " +
      'COALESCE((SELECT MIN(s.created) FROM status_events s WHERE s.post = p.id AND s."to" = {:done}), \'\') AS finished ' +
      'FROM posts p WHERE p.created >= {:start}',
    { ...params, done },
    { created: '', answered: '', commented: '', moved: '', finished: '' },
  );
  const hours = [];
  const days = [];
  for (const idea of ideas) {
    const created = ms(idea.created);
    const first = [idea.answered, idea.commented, idea.moved].map(ms).filter((t) => t >= created);
    if (first.length) hours.push((Math.min(...first) - created) / 3_600_000);
    const finished = ms(idea.finished);
    if (finished >= created) days.push((finished - created) / DAY);
  }
  hours.sort((a, b) => a - b);
  days.sort((a, b) => a - b);
  return {
    response: {
      ideas: ideas.length,
      answered: hours.length,
      median_hours: quantile(hours, 0.5),
      p90_hours: quantile(hours, 0.9),
    },
    done: { ideas: ideas.length, done: days.length, median_days: quantile(days, 0.5), p90_days: quantile(days, 0.9) },
  };
}

function funnel(app, params) {
  const reached = {};
  for (const row of rows(
    app,
    'SELECT s AS status, COUNT(*) AS n FROM (SELECT p.id AS post, p.status AS s FROM posts p WHERE p.created >= {:start} ' +
      'UNION SELECT e.post AS post, e."to" AS s FROM posts p JOIN status_events e ON e.post = p.id WHERE p.created >= {:start} ' +
      'UNION SELECT e.post AS post, e."from" AS s FROM posts p JOIN status_events e ON e.post = p.id WHERE p.created >= {:start}) ' +
      'GROUP BY s',
    params,
    { status: '', n: 0 },
  ))
    reached[row.status] = row.n;
  return rows(
    app,
    'SELECT id, name, slug FROM statuses ORDER BY position, created',
    {},
    { id: '', name: '', slug: '' },
  ).map((status) => ({ ...status, ideas: reached[status.id] || 0 }));
}

function rates(app, params) {
  const [row] = rows(
    app,
    "SELECT COUNT(*) AS ideas, COALESCE(SUM(COALESCE(merged_into, '') != ''), 0) AS merged, " +
      'COALESCE(SUM(approved = FALSE), 0) AS unapproved FROM posts WHERE created >= {:start}',
    params,
    { ideas: 0, merged: 0, unapproved: 0 },
  );
  const share = (n) => (row.ideas ? Math.round((n / row.ideas) * 1000) / 10 : 0);
  return { ...row, duplicate_percent: share(row.merged), spam_percent: share(row.unapproved) };
}

function titled(app, list) {
  if (list.length === 0) return [];
  const byId = {};
  for (const record of app.findRecordsByIds(
    'posts',
    list.map((row) => row.id),
  ))
    byId[record.id] = record;
  return list.filter((row) => byId[row.id]).map((row) => ({ ...row, title: byId[row.id].getString('title') }));
}

function topIdeas(app, segment) {
  if (!segment) {
    const votes = rows(
      app,
      "SELECT id, vote_count AS value FROM posts WHERE COALESCE(merged_into, '') = '' AND vote_count > 0 " +
        'ORDER BY vote_count DESC, created DESC LIMIT {:top}',
      { top: TOP },
      { id: '', value: 0 },
    );
    const revenue = rows(
      app,
      'SELECT post AS id, revenue AS value FROM post_insights WHERE revenue > 0 ORDER BY revenue DESC, created DESC LIMIT {:top}',
      { top: TOP },
      { id: '', value: 0 },
    );
    return { votes: titled(app, votes), revenue: titled(app, revenue) };
  }
  // Within a segment: its members' counted votes, and the monthly revenue of their companies (each once per idea).
  const params = { segment, top: TOP };
  const votes = rows(
    app,
    'SELECT v.post AS id, COUNT(*) AS value FROM segment_members sm JOIN votes v ON v.user = sm.user AND v.counted = TRUE ' +
      'WHERE sm.segment = {:segment} GROUP BY v.post ORDER BY value DESC, v.post LIMIT {:top}',
    params,
    { id: '', value: 0 },
  );
  const revenue = rows(
    app,
    'SELECT x.post AS id, SUM(c.monthly_revenue) AS value FROM (SELECT DISTINCT v.post AS post, mp.company AS company ' +
      'FROM segment_members sm JOIN votes v ON v.user = sm.user AND v.counted = TRUE JOIN member_profiles mp ON mp.user = v.user ' +
      "WHERE sm.segment = {:segment} AND mp.company != '') x JOIN companies c ON c.id = x.company " +
      'GROUP BY x.post HAVING value > 0 ORDER BY value DESC, x.post LIMIT {:top}',
    params,
    { id: '', value: 0 },
  );
  return { votes: titled(app, votes), revenue: titled(app, revenue) };
}

/** The whole report for `weeks` (12 or 26) and an optional segment id. */
function insightsReport(app, { weeks, segment } = {}) {
  const window = windowOf(weeks);
  const params = { start: window.start };
  const count = window.count;
  let chosen = null;
  if (segment && ID.test(String(segment))) {
    try {
      const record = app.findRecordById('segments', String(segment));
      chosen = { id: record.id, name: record.getString('name') };
    } catch {
      chosen = null;
    }
  }
  /** `what` (an SQL aggregate as n) of `table`'s rows per week since the start, where `where` holds. */
  const countPerWeek = (what, table, where = 'TRUE') =>
    perWeek(
      app,
      `SELECT ${BUCKET('created')} AS w, ${what} AS n FROM ${table} WHERE created >= {:start} AND ${where} GROUP BY w`,
      params,
      count,
    );
  const ideas = countPerWeek('COUNT(*)', 'posts');
  const votes = countPerWeek('COUNT(*)', 'votes', 'counted = TRUE');
  const voters = countPerWeek('COUNT(DISTINCT user)', 'votes', 'counted = TRUE');
  const comments = countPerWeek('COUNT(*)', 'comments', 'internal = FALSE');
  const missesByWeek = {};
  for (const row of rows(
    app,
    'SELECT week, SUM(count) AS n FROM search_misses WHERE week >= {:first} GROUP BY week',
    { first: window.mondays[0] },
    { week: '', n: 0 },
  ))
    missesByWeek[row.week] = row.n;
  const misses = rows(
    app,
    'SELECT term, SUM(count) AS searches, COUNT(*) AS weeks FROM search_misses WHERE week >= {:first} ' +
      'GROUP BY term ORDER BY searches DESC, term LIMIT {:top}',
    { first: window.mondays[0], top: TOP_MISSES },
    { term: '', searches: 0, weeks: 0 },
  );
  const weekly = window.mondays.map((week, i) => ({
    week,
    ideas: ideas[i],
    votes: votes[i],
    comments: comments[i],
    voters: voters[i],
    misses: missesByWeek[week] || 0,
  }));
  return {
    weeks: count,
    from: window.mondays[0],
    segment: chosen,
    weekly,
    ...timings(app, params),
    funnel: funnel(app, params),
    rates: rates(app, params),
    top: topIdeas(app, chosen?.id),
    misses,
  };
}

const KEEP_MS = 10 * 60 * 1000;

/**
 * The report, kept in memory for ten minutes per choice when computing it took at least CHORUS_INSIGHTS_SLOW_MS
 * (1,000 by default): a window holding tens of thousands of ideas or hundreds of thousands of votes costs seconds
 * (docs: features/insights.md), and staff reloading it must not cost that each time. `computed_at` says when.
 */
function cachedInsightsReport(app, options = {}) {
  const window = windowOf(options.weeks);
  const key = `chorus:insights-report:${window.count}:${ID.test(String(options.segment || '')) ? options.segment : ''}`;
  const kept = app.store().get(key);
  if (kept && Date.now() - kept.at < KEEP_MS) return kept.report;
  const started = Date.now();
  const report = insightsReport(app, options);
  const took = Date.now() - started;
  report.computed_at = new Date(started).toISOString();
  report.took_ms = took;
  const slow = Number($os.getenv('CHORUS_INSIGHTS_SLOW_MS') || 1000);
  if (took >= slow) app.store().set(key, { at: started, report });
  else app.store().remove(key);
  return report;
}

const CHARTS = [
  'ideas',
  'votes',
  'comments',
  'voters',
  'misses',
  'response',
  'done',
  'funnel',
  'rates',
  'top_votes',
  'top_revenue',
  'search_terms',
  'times',
];

/** The numbers behind the charts as CSV (one chart, or all): chart,key,label,value. Column names stay English. */
function insightsCsv(report, chart) {
  const lines = [['chart', 'key', 'label', 'value']];
  // 'times' is the page's block of response and done times with the duplicate and spam rates
  const wanted = (name) =>
    !chart || chart === name || (chart === 'times' && ['response', 'done', 'rates'].includes(name));
  for (const name of ['ideas', 'votes', 'comments', 'voters', 'misses'])
    if (wanted(name)) for (const row of report.weekly) lines.push([name, row.week, '', row[name]]);
  if (wanted('response'))
    for (const key of ['ideas', 'answered', 'median_hours', 'p90_hours'])
      lines.push(['response', key, '', report.response[key] ?? '']);
  if (wanted('done'))
    for (const key of ['ideas', 'done', 'median_days', 'p90_days'])
      lines.push(['done', key, '', report.done[key] ?? '']);
  if (wanted('funnel')) for (const row of report.funnel) lines.push(['funnel', row.slug, row.name, row.ideas]);
  if (wanted('rates'))
    for (const key of ['ideas', 'merged', 'duplicate_percent', 'unapproved', 'spam_percent'])
      lines.push(['rates', key, '', report.rates[key]]);
  if (wanted('top_votes')) for (const row of report.top.votes) lines.push(['top_votes', row.id, row.title, row.value]);
  if (wanted('top_revenue'))
    for (const row of report.top.revenue) lines.push(['top_revenue', row.id, row.title, row.value]);
  if (wanted('search_terms')) for (const row of report.misses) lines.push(['search_terms', row.term, '', row.searches]);
  return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

module.exports = { insightsReport, cachedInsightsReport, insightsCsv, windowOf, quantile, CHARTS, WEEK_CHOICES };
