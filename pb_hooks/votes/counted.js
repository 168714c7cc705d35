// Only confirmed people count (issue 42): a vote or reaction is kept from anyone, but it counts (vote_count,
// trending, worth, milestones, what the public sees live) only when the member's email is confirmed, when the
// site lets unverified members post (site.allow_unverified_posting, the same switch as verified posting), or,
// for a vote, when staff cast it on the member's behalf or the operator wrote it (an import). The server sets
// `counted` on every row and keeps it true to that rule when a member confirms (or loses) their email and when
// the switch turns; no client sets it. A new vote's `counted` is decided in Go (server/cmd/pocketbase/votes.go
// decideCounted, by the same COUNTS_NOW_SQL: src/contract/vote-rules.ts); a new reaction's here. Follows stay kept and quiet: nothing counts them, and no
// email goes to an unconfirmed address (platform/confirmed-mail.js).
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

const HELD_COLLECTIONS = ['votes', 'reactions'];

/** Does a new row by `userId` count? One query: the member's confirmation and the site's switch. */
function countsNow(app, userId) {
  const found = new DynamicModel({ counts: false });
  try {
    app
      .db()
      .newQuery(require(`${__hooks}/platform/contract/vote-rules.js`).COUNTS_NOW_SQL)
      .bind({ user: userId })
      .one(found);
  } catch {
    return false; // no such member: the row's own validation refuses it
  }
  return Boolean(found.counts);
}

/** Sets a new reaction's `counted` by the rule (whatever a client sent); a vote's is decided in Go (votes.go). */
function decideCounted(app, record) {
  record.set('counted', countsNow(app, record.getString('user')));
}

/**
 * Turns one member's rows to `counted` (their email was just confirmed, or no longer is). Each row is saved
 * with its hooks, so its idea is recounted and the change goes out as it would for a new vote or reaction.
 * Votes staff cast on the member's behalf keep counting.
 */
function setMemberCounted(app, userId, counted) {
  let changed = 0;
  for (const collection of HELD_COLLECTIONS) {
    const rows = app.findRecordsByFilter(collection, 'user = {:user} && counted = {:from}', '', 0, 0, {
      user: userId,
      from: !counted,
    });
    for (const row of rows) {
      if (!counted && collection === 'votes' && row.getString('on_behalf_by')) continue;
      row.set('counted', counted);
      app.saveNoValidate(row);
      changed += 1;
    }
  }
  return changed;
}

/**
 * The site's switch turned: every unverified member's rows follow it (on: they count; off: they are held again).
 * Rare and an admin's act: one pass over the unverified members who have rows.
 */
function followSwitch(app, open) {
  const rows = rowsOf(
    app,
    'SELECT DISTINCT r.user AS user FROM (SELECT user FROM votes UNION SELECT user FROM reactions) r ' +
      "JOIN users u ON u.id = r.user WHERE u.verified = FALSE AND u.deleted_at = ''",
    { user: '' },
  );
  for (const row of rows) setMemberCounted(app, row.user, open);
  return rows.length;
}

module.exports = { countsNow, decideCounted, setMemberCounted, followSwitch };
