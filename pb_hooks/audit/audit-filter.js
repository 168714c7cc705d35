// The audit log's filters (actor, action, target or idea, date range) as a PocketBase filter with bound
// values, for the CSV export; src/features/audit/audit.ts builds the same filter for /admin/audit's list.
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const clean = (value, max) =>
  String(value || '')
    .trim()
    .slice(0, max);
/** A LIKE pattern's own wildcards typed by a person match themselves. */
const literal = (text) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function nextDay(day) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** { filter, params } from the query's actor, action, target, from and to (dates YYYY-MM-DD, UTC days). */
function auditFilter(query) {
  const parts = [];
  const params = {};
  const actor = clean(query.actor, 200);
  const action = clean(query.action, 100);
  const target = clean(query.target, 300);
  const from = clean(query.from, 10);
  const to = clean(query.to, 10);
  if (actor) {
    parts.push('(actor = {:actor} || actor_name ~ {:actor})');
    params.actor = actor;
  }
  if (action) {
    parts.push('(action = {:action} || action ~ {:actionPrefix})');
    params.action = action;
    params.actionPrefix = `${literal(action)}%`;
  }
  if (target) {
    parts.push('(target_id = {:target} || target_label ~ {:target})');
    params.target = target;
  }
  if (DAY.test(from)) {
    parts.push('created >= {:from}');
    params.from = `${from} 00:00:00.000Z`;
  }
  if (DAY.test(to)) {
    parts.push('created < {:to}');
    params.to = `${nextDay(to)} 00:00:00.000Z`;
  }
  return { filter: parts.join(' && '), params };
}

module.exports = { auditFilter };
