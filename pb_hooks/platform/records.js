// Reading a record that may be gone: null instead of PocketBase's "no rows" error (a notification or a webhook
// naming an idea, a comment or a release deleted since); and the records of a page of things in one query.

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

module.exports = { recordOrNull, recordsWhereIn };
