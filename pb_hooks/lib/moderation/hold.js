// Holding a member's idea or comment for review (issue 38): the rules are hold-rules.js; this reads the admins'
// lists and whether the author is new, and marks the record. A held idea is unapproved, a held comment hidden.

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
  const rows = arrayOf(new DynamicModel({ found: 0 }));
  app
    .db()
    .newQuery(
      'SELECT 1 AS found FROM posts WHERE author = {:u} AND approved = TRUE ' +
        'UNION ALL SELECT 1 AS found FROM comments WHERE author = {:u} AND hidden = FALSE LIMIT 1',
    )
    .bind({ u: userId })
    .all(rows);
  return rows.length === 0;
}

/** The text a record shows: an idea's title and body, a comment's body. */
const textOf = (record) => `${record.getString('title')}\n${record.getString('body')}`;

/**
 * On a member's create request: sets held_for (the server's alone; staff and the operator are never held) and
 * returns it. `firstOnly` false checks the blocked lists only (an edit of something already published).
 */
function markHold(e, firstOnly = true) {
  const { memberOf } = require(`${__hooks}/lib/access.js`);
  if (e.hasSuperuserAuth()) return e.record.getString('held_for');
  // The one door's rule (lib/door.js): the same for a web, widget, API or email author.
  const reason = require(`${__hooks}/lib/door.js`).holdFor(e.app, memberOf(e), textOf(e.record), firstOnly);
  e.record.set('held_for', reason);
  return reason;
}

module.exports = { markHold, isNewMember, guardOf, textOf };
