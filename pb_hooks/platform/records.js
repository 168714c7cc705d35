// Reading a record that may be gone: null instead of PocketBase's "no rows" error (a notification or a webhook
// naming an idea, a comment or a release deleted since, or the first a filter or an SQL query finds); the records
// of a page of things in one query; the member an address names; and a list bound into a query of one's own (its
// placeholders, for an SQL IN or a filter's terms).
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

/** The record `id` of `collection`, or null (no id, or no such record). */
function recordOrNull(app, collection, id) {
  if (!id) return null;
  try {
    return app.findRecordById(collection, id);
  } catch {
    return null;
  }
}

/**
 * The records of `collection` whose `field` is one of `values` (a page's items, members…), in one query: one SQL
 * IN, not a filter of one OR term per value for PocketBase's parser. Empty values read nothing.
 */
function recordsWhereIn(app, collection, field, values) {
  const unique = [...new Set(values.filter(Boolean))];
  return unique.length ? app.findAllRecords(collection, $dbx.in(field, ...unique)) : [];
}

/** The first record of `collection` that `filter` (with `params`) finds, in `sort`'s order if given, or null when none does. */
function firstRecordOrNull(app, collection, filter, params, sort = '') {
  try {
    if (sort) return app.findRecordsByFilter(collection, filter, sort, 1, 0, params)[0] ?? null;
    return app.findFirstRecordByFilter(collection, filter, params);
  } catch {
    return null;
  }
}

/** The `id` column of the first row `sql` (with `params`) finds, or null when it finds none. */
function firstIdOrNull(app, sql, params) {
  const rows = rowsOf(app, sql, { id: '' }, params || {});
  return rows.length ? rows[0].id : null;
}

/** The member (users record) whose address is `email`, or null (no address, or no such member). */
function memberByEmail(app, email) {
  if (!email) return null;
  try {
    return app.findAuthRecordByEmail('users', email);
  } catch {
    return null;
  }
}

/** Binds each of `values` into `params` as `<prefix><i>`; answers their placeholders ('{:p0}', '{:p1}', …). */
function boundList(params, prefix, values) {
  return values.map((value, i) => {
    params[`${prefix}${i}`] = value;
    return `{:${prefix}${i}}`;
  });
}

module.exports = { recordOrNull, firstRecordOrNull, firstIdOrNull, memberByEmail, recordsWhereIn, boundList };
