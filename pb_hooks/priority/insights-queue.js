// An idea's worth after a vote, at a cost that never grows with its votes (issue 35). Recomputing the worth
// reads every vote of the idea (priority/insights.js); on an idea with up to INLINE_VOTES counted votes
// (src/contract/vote-rules.ts, Go's threshold for counting inline too)
// that happens in the vote's transaction, as before. On a more popular one the vote only marks the worth
// stale, and the INSIGHTS_JOB (pb_hooks/priority/insights.pb.js, woken when the vote commits and every
// minute) waits a second and recomputes it once for every vote that arrived meanwhile: staff lists sorted by
// worth follow within two seconds, and a popular idea costs at most one recount a second, however many votes.
const { recomputeInsights } = require(`${__hooks}/priority/insights.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

const { INLINE_VOTES } = require(`${__hooks}/platform/contract/vote-rules.js`);
const JOB_ID = require(`${__hooks}/platform/contract/hand-offs.js`).INSIGHTS_JOB;
/** How long a woken job lets votes gather before recomputing: at most one recount a second per popular idea. */
const GATHER_MS = 1000;

/**
 * After a vote changed `postId`'s counted votes (`votes` now): recomputes its worth now, or marks it stale.
 * True when the caller should wake the job once the write commits (the worth has just become stale).
 */
function refreshInsights(app, postId, votes) {
  if (votes <= INLINE_VOTES) {
    recomputeInsights(app, postId);
    return false;
  }
  const marked = app
    .db()
    .newQuery('UPDATE post_insights SET stale = TRUE WHERE id = {:post} AND stale = FALSE')
    .bind({ post: postId })
    .execute();
  // A popular idea whose row does not exist yet (an import): make it now, once.
  if (marked.rowsAffected() === 0 && !hasInsights(app, postId)) recomputeInsights(app, postId);
  return marked.rowsAffected() > 0;
}

function hasInsights(app, postId) {
  try {
    app.findRecordById('post_insights', postId);
    return true;
  } catch {
    return false;
  }
}

/** A popular idea's count moves by one per vote (server/cmd/pocketbase/votes.go recountAfterVote): checked against its rows here. */
function repairVoteCount(app, postId) {
  const row = new DynamicModel({ stored: 0, counted: 0 });
  try {
    app
      .db()
      .newQuery(
        'SELECT vote_count AS stored, (SELECT COUNT(*) FROM votes WHERE post = {:id} AND counted = TRUE) AS counted ' +
          'FROM posts WHERE id = {:id}',
      )
      .bind({ id: postId })
      .one(row);
  } catch {
    return; // deleted since
  }
  if (row.stored === row.counted) return;
  app
    .logger()
    .warn('A popular idea’s vote count was repaired', 'post', postId, 'stored', row.stored, 'counted', row.counted);
  require(`${__hooks}/ideas/counters.js`).recountPost(app, postId);
}

/** The job: recomputes every stale worth, each in a transaction of its own (a vote waits for one idea, not all). */
function recomputeStale(app, { gather = true } = {}) {
  if (gather) sleep(GATHER_MS); // its own goroutine (webhooks/kick.js): no request waits for this
  const rows = rowsOf(app, 'SELECT id FROM post_insights WHERE stale = TRUE', { id: '' });
  for (const { id } of rows) {
    try {
      app.runInTransaction((txApp) => {
        repairVoteCount(txApp, id);
        recomputeInsights(txApp, id);
      });
    } catch (error) {
      app.logger().error('Recomputing an idea’s worth failed', 'post', id, 'error', String(error));
    }
  }
  return rows.length;
}

module.exports = { INLINE_VOTES, JOB_ID, refreshInsights, recomputeStale };
