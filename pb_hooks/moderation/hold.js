// Holding a member's idea or comment for review (issue 38): the rules are hold-rules.js; this reads the admins'
// lists and whether the author is new. The one door (platform/door.js) asks both and marks the record.
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

/** The admins' lists (the one spam_guard record), or empty ones. */
function guardOf(app) {
  const [guard] = app.findRecordsByFilter('spam_guard', '', '', 1, 0);
  return {
    blocked_words: guard ? guard.getString('blocked_words') : '',
    blocked_domains: guard ? guard.getString('blocked_domains') : '',
  };
}

/** New: nothing of theirs is published yet (no approved idea, no comment members can see). */
function isNewMember(app, userId) {
  const rows = rowsOf(
    app,
    'SELECT 1 AS found FROM posts WHERE author = {:u} AND approved = TRUE ' +
      'UNION ALL SELECT 1 AS found FROM comments WHERE author = {:u} AND hidden = FALSE LIMIT 1',
    { found: 0 },
    { u: userId },
  );
  return rows.length === 0;
}

module.exports = { isNewMember, guardOf };
