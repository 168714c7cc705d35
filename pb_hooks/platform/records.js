// Reading a record that may be gone: null instead of PocketBase's "no rows" error (a notification or a webhook
// naming an idea, a comment or a release deleted since).

/** The record `id` of `collection`, or null (no id, or no such record). */
function recordOrNull(app, collection, id) {
  if (!id) return null;
  try {
    return app.findRecordById(collection, id);
  } catch {
    return null;
  }
}

module.exports = { recordOrNull };
