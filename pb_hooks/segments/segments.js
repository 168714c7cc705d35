// Segments are saved filters over members (issue #24): an admin's conditions are checked strictly here,
// then compiled to SQL whose every value is a bound parameter ({:pN}) and whose column names come from
// the whitelist below, never from the input; `segment_members` is the materialized answer, which only
// this file writes (set-based statements, inside the caller's transaction).
//
// conditions: { match: "all"|"any", rules: [{ field, op, value }] }, fields and operators:
//   plan (eq, neq, in) · revenue (gte, lte: the member's company's monthly revenue) · company (eq: id)
//   attribute:<key> (eq, neq, gte, lte, contains: the member's attribute, else their company's)
//   signed_up (before, after: an ISO date; within_days) · active (within_days: voted, commented or posted)
const { refusalText } = require(`${__hooks}/platform/refusals.js`);

const MAX_RULES = 20;
const MAX_TEXT = 200;
const MAX_IN = 50;
const MAX_DAYS = 3650;
const ATTRIBUTE_KEY = /^[a-zA-Z0-9_]{1,40}$/;
const RECORD_ID = /^[a-z0-9]{15}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const OPERATORS = {
  plan: ['eq', 'neq', 'in'],
  revenue: ['gte', 'lte'],
  company: ['eq'],
  attribute: ['eq', 'neq', 'gte', 'lte', 'contains'],
  signed_up: ['before', 'after', 'within_days'],
  active: ['within_days'],
};
/** Rules whose answer changes with the clock alone: their segments are recomputed every hour. */
const TIME_BASED = ['signed_up', 'active'];

const isText = (v) => typeof v === 'string' && v.length <= MAX_TEXT;
const isNumber = (v) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 1e12;
const isDays = (v) => Number.isInteger(v) && v >= 1 && v <= MAX_DAYS;
const isScalar = (v) => isText(v) || isNumber(v) || typeof v === 'boolean';

function isoDate(v) {
  if (typeof v !== 'string' || !ISO_DATE.test(v)) return null;
  const date = new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Is `value` right for `op` on `kind`? */
function valueFits(kind, op, value) {
  if (kind === 'plan')
    return op === 'in'
      ? Array.isArray(value) && value.length >= 1 && value.length <= MAX_IN && value.every(isText)
      : isText(value);
  if (kind === 'revenue') return isNumber(value) && value >= 0;
  if (kind === 'company') return typeof value === 'string' && RECORD_ID.test(value);
  if (kind === 'attribute') {
    if (op === 'gte' || op === 'lte') return isNumber(value);
    if (op === 'contains') return isText(value) && value.length > 0;
    return isScalar(value);
  }
  if (op === 'within_days') return isDays(value);
  return isoDate(value) !== null; // signed_up before/after
}

/** The field name's kind and attribute key ("attribute:tier" → attribute, tier), or null when unknown. */
function kindOf(field) {
  if (typeof field !== 'string') return null;
  if (field.startsWith('attribute:')) {
    const key = field.slice('attribute:'.length);
    return ATTRIBUTE_KEY.test(key) ? { kind: 'attribute', key } : null;
  }
  return Object.hasOwn(OPERATORS, field) && field !== 'attribute' ? { kind: field, key: '' } : null;
}

/** What is wrong with one rule: [part ('' for the whole rule), refusal key], or null. */
function ruleProblem(rule) {
  if (!rule || typeof rule !== 'object' || Array.isArray(rule)) return ['', 'segmentConditionsShape'];
  if (Object.keys(rule).some((name) => !['field', 'op', 'value'].includes(name))) return ['', 'segmentConditionsShape'];
  const kind = kindOf(rule.field);
  if (!kind) return ['field', 'segmentField'];
  if (!OPERATORS[kind.kind].includes(rule.op)) return ['op', 'segmentOperator'];
  if (!valueFits(kind.kind, rule.op, rule.value)) return ['value', 'segmentValue'];
  return null;
}

/**
 * The problems of `conditions`, as { path: refusal key } (empty when valid): "conditions" for the whole,
 * "conditions.match", "conditions.rules.3.field" and so on for one part.
 */
function problemsOf(conditions) {
  const problems = {};
  if (!conditions || typeof conditions !== 'object' || Array.isArray(conditions)) {
    return { conditions: 'segmentConditionsShape' };
  }
  for (const name of Object.keys(conditions)) {
    if (name !== 'match' && name !== 'rules') problems[`conditions.${name}`] = 'segmentConditionsShape';
  }
  if (conditions.match !== 'all' && conditions.match !== 'any') problems['conditions.match'] = 'segmentMatch';
  const rules = conditions.rules;
  if (!Array.isArray(rules) || rules.length === 0) problems['conditions.rules'] = 'segmentRulesCount';
  else if (rules.length > MAX_RULES) problems['conditions.rules'] = 'segmentRulesCount';
  else {
    rules.forEach((rule, i) => {
      const problem = ruleProblem(rule);
      if (problem) problems[problem[0] ? `conditions.rules.${i}.${problem[0]}` : `conditions.rules.${i}`] = problem[1];
    });
  }
  return problems;
}

/** Throws a 400 with field-level refusals when `conditions` is not valid (hooks on segments). */
function requireValidConditions(conditions) {
  const problems = problemsOf(conditions);
  const paths = Object.keys(problems);
  if (paths.length === 0) return;
  const data = {};
  for (const path of paths)
    data[path] = new ValidationError('validation_segment_conditions', refusalText(problems[path]));
  if (!data.conditions)
    data.conditions = new ValidationError('validation_segment_conditions', refusalText(problems[paths[0]]));
  throw new BadRequestError(refusalText('segmentConditionsInvalid'), data);
}

/** PocketBase's stored date text ("2026-01-02 03:04:05.000Z") of a Date. */
const { dateString } = require(`${__hooks}/platform/dates.js`);
const daysAgo = (days, now) => dateString(new Date(now.getTime() - days * 86400000));

/**
 * SQL condition over `u` (users), `mp` (their member_profiles row) and `c` (their company) for valid
 * `conditions`, with its parameters: { sql, params }. Every value is bound; only whitelisted SQL is written.
 */
function compileConditions(conditions, now = new Date()) {
  const params = {};
  let n = 0;
  const bind = (value) => {
    const name = `p${n++}`;
    params[name] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
    return `{:${name}}`;
  };
  const parts = conditions.rules.map(({ field, op, value }) => {
    const { kind, key } = kindOf(field);
    if (kind === 'plan') {
      const plan = "COALESCE(c.plan, '')";
      if (op === 'in') return `${plan} IN (${value.map(bind).join(', ')})`;
      return `${plan} ${op === 'eq' ? '=' : '!='} ${bind(value)}`;
    }
    if (kind === 'revenue')
      return `(c.id IS NOT NULL AND c.monthly_revenue ${op === 'gte' ? '>=' : '<='} ${bind(value)})`;
    if (kind === 'company') return `mp.company = ${bind(value)}`;
    if (kind === 'attribute') {
      const path = bind(`$.${key}`);
      const attribute = `COALESCE(json_extract(mp.attributes, ${path}), json_extract(c.attributes, ${path}))`;
      if (op === 'eq') return `${attribute} = ${bind(value)}`;
      if (op === 'neq') return `${attribute} IS NOT ${bind(value)}`;
      if (op === 'contains') return `instr(lower(CAST(${attribute} AS TEXT)), lower(${bind(value)})) > 0`;
      return `(typeof(${attribute}) IN ('integer', 'real') AND ${attribute} ${op === 'gte' ? '>=' : '<='} ${bind(value)})`;
    }
    if (kind === 'signed_up') {
      if (op === 'within_days') return `u.created >= ${bind(daysAgo(value, now))}`;
      return `u.created ${op === 'before' ? '<' : '>='} ${bind(dateString(isoDate(value)))}`;
    }
    // active: voted, commented or posted within the last `value` days.
    const since = bind(daysAgo(value, now));
    return (
      `u.id IN (SELECT user FROM votes WHERE created >= ${since} UNION SELECT author FROM comments WHERE created >= ${since} ` +
      `UNION SELECT author FROM posts WHERE created >= ${since})`
    );
  });
  const sql = `(${parts.map((part) => `(${part})`).join(conditions.match === 'any' ? ' OR ' : ' AND ')})`;
  return { sql, params };
}

const MEMBERS_FROM =
  'FROM users u LEFT JOIN member_profiles mp ON mp.user = u.id LEFT JOIN companies c ON c.id = mp.company';
const NOW = "strftime('%Y-%m-%d %H:%M:%fZ', 'now')";
const NEW_ID = 'substr(lower(hex(randomblob(8))), 1, 15)';

/** The parsed conditions of a segments record, or null when they are not valid (nobody is in it then). */
function conditionsOf(segment) {
  try {
    const conditions = JSON.parse(toString(segment.get('conditions')) || 'null');
    return Object.keys(problemsOf(conditions)).length === 0 ? conditions : null;
  } catch {
    return null;
  }
}

function updateCount(app, segmentId) {
  app
    .db()
    .newQuery(
      'UPDATE segments SET member_count = (SELECT COUNT(*) FROM segment_members WHERE segment = {:s}) WHERE id = {:s}',
    )
    .bind({ s: segmentId })
    .execute();
}

/**
 * Recomputes who is in `segment` (a record) with set-based statements: everyone, or only one member
 * (`scope.user`) or the members of one company (`scope.company`). Call it inside a transaction.
 */
function recomputeSegment(app, segment, scope = {}, now = new Date()) {
  const segmentId = segment.id;
  const conditions = conditionsOf(segment);
  const compiled = conditions ? compileConditions(conditions, now) : { sql: '(1 = 0)', params: {} };
  let only = '';
  let current = '';
  if (scope.user) {
    only = ' AND u.id = {:only}';
    current = ' AND user = {:only}';
  } else if (scope.company) {
    only = ' AND mp.company = {:only}';
    current = ' AND user IN (SELECT user FROM member_profiles WHERE company = {:only})';
  }
  const { AUDIENCE_PRINCIPAL_ID } = require(`${__hooks}/platform/contract/audience.js`);
  const params = {
    ...compiled.params,
    s: segmentId,
    only: scope.user || scope.company || '',
    principal: AUDIENCE_PRINCIPAL_ID,
  };
  // The audiences' principals (site/audience.js) are nobody: in no segment, whatever the conditions.
  only += " AND u.id != {:principal} AND u.audience_segment = ''";
  const matching = `SELECT u.id ${MEMBERS_FROM} WHERE ${compiled.sql}${only}`;
  app
    .db()
    .newQuery(`DELETE FROM segment_members WHERE segment = {:s}${current} AND user NOT IN (${matching})`)
    .bind(params)
    .execute();
  app
    .db()
    .newQuery(
      `INSERT INTO segment_members (id, segment, user, created, updated) SELECT ${NEW_ID}, {:s}, u.id, ${NOW}, ${NOW} ` +
        `${MEMBERS_FROM} WHERE ${compiled.sql}${only} AND u.id NOT IN (SELECT user FROM segment_members WHERE segment = {:s})`,
    )
    .bind(params)
    .execute();
  return updateCount(app, segmentId);
}

/** Recomputes one member's memberships in every segment (their profile changed, or they signed up). */
function recomputeMember(app, userId) {
  if (!userId) return;
  for (const segment of app.findAllRecords('segments')) recomputeSegment(app, segment, { user: userId });
  followWeights(app, { users: [userId] });
}

/** Recomputes the memberships of a company's members in every segment (its plan, revenue or attributes changed). */
function recomputeCompany(app, companyId) {
  if (!companyId) return;
  for (const segment of app.findAllRecords('segments')) recomputeSegment(app, segment, { company: companyId });
  followWeights(app, { users: require(`${__hooks}/priority/insights.js`).membersOf(app, companyId) });
}

/**
 * Keeps ideas' reach true to who is in a weighted segment (reach counts a voter at their highest segment
 * weight, priority/insights.js): after memberships changed, the ideas the people concerned voted for are
 * recomputed, or every idea at once (set-based, priority/rescore.js) when a weighted segment was recomputed whole.
 * Nothing to do while the admin weights no segment.
 */
function followWeights(app, { users = [], segment = null }) {
  const { scoringOf, weightsOf, recomputeVotedBy } = require(`${__hooks}/priority/insights.js`);
  const scoring = scoringOf(app);
  const weighted = weightsOf(scoring).segments;
  if (Object.keys(weighted).length === 0) return;
  if (segment) {
    if (segment in weighted) require(`${__hooks}/priority/rescore.js`).rescoreAll(app, scoring);
    return;
  }
  recomputeVotedBy(app, users);
}

/** Does this segment have a rule the clock alone changes? */
function isTimeBased(segment) {
  const conditions = conditionsOf(segment);
  return Boolean(conditions?.rules.some((rule) => TIME_BASED.includes(kindOf(rule.field).kind)));
}

/** The hourly job: every time-based segment recomputed, each in its own transaction (a batch). */
function recomputeTimeBased(app) {
  let done = 0;
  for (const segment of app.findAllRecords('segments')) {
    if (!isTimeBased(segment)) continue;
    app.runInTransaction((txApp) => {
      recomputeSegment(txApp, segment);
      followWeights(txApp, { segment: segment.id });
    });
    done++;
  }
  return done;
}

/** A segment's save (record hook): refused unless its conditions are valid, then its members recomputed in
 * the same transaction. */
function saveSegment(e) {
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  let conditions = null;
  try {
    conditions = JSON.parse(toString(e.record.get('conditions')) || 'null');
  } catch {
    conditions = null;
  }
  requireValidConditions(conditions);
  // (The save's answer still shows the count before: read the segment again for the new one.)
  withinTransaction(e, (txApp) => {
    recomputeSegment(txApp, e.record);
    followWeights(txApp, { segment: e.record.id });
  });
}

module.exports = {
  saveSegment,
  MAX_RULES,
  OPERATORS,
  problemsOf,
  requireValidConditions,
  compileConditions,
  recomputeSegment,
  recomputeMember,
  recomputeCompany,
  recomputeTimeBased,
  isTimeBased,
};
