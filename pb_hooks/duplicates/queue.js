// Ideas waiting for a duplicate check (duplicate_checks, one row per idea, its id the idea's): marked in the
// idea's own write transaction when it is posted, edited (title or body) or approved, and checked by the
// `chorus_duplicates` job every minute, BATCH at a time until none waits or RUN_BUDGET_MS has passed (a launch's
// crowd posting faster than one batch a minute is caught up, and the writer is shared between batches), oldest
// mark first, never in a request, one run at a time (a run started while another checks leaves the checks to it:
// both would take the same oldest marks). A check scores the idea's candidates (duplicates/candidates.js) and
// queues the new pairs (duplicates/suggestions.js);
// an idea edited while it was being checked keeps its mark (its `updated` moved) and is checked again.
// A borderline pair is queued `pending` where a chat model is configured, and asked after the batches, each
// question outside any transaction (duplicates/confirm.js): nobody's write waits for the model.
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);
const BATCH = 50;
/** One run of the job stops taking batches after this long; the next minute's run goes on. */
const RUN_BUDGET_MS = 20_000;
/** The chat model's confirmations get at least this long of a run. */
const CONFIRM_BUDGET_MS = 15_000;

/** Marks idea `postId` as needing a check (again); one row per idea whatever the number of edits. */
function markForCheck(app, postId) {
  const now = new DateTime().string();
  app
    .db()
    .newQuery(
      'INSERT INTO duplicate_checks (id, post, created, updated) VALUES ({:post}, {:post}, {:now}, {:now}) ' +
        'ON CONFLICT(id) DO UPDATE SET updated = excluded.updated',
    )
    .bind({ post: postId, now })
    .execute();
}

function checkOne(app, postId) {
  const { findCandidates, reasonOf, isBorderline } = require(`${__hooks}/duplicates/candidates.js`);
  const { suggestPair } = require(`${__hooks}/duplicates/suggestions.js`);
  let post;
  try {
    post = app.findRecordById('posts', postId);
  } catch {
    return 0; // deleted since (its mark went with it)
  }
  if (post.getString('merged_into') || !post.getBool('approved')) return 0;
  const found = findCandidates(app, post);
  if (found.length === 0) return 0;
  const withModel = require(`${__hooks}/ai/chat.js`).isConfigured();
  let queued = 0;
  app.runInTransaction((txApp) => {
    const others = {};
    for (const other of txApp.findRecordsByIds(
      'posts',
      found.map((each) => each.id),
    ))
      others[other.id] = other;
    for (const candidate of found) {
      const other = others[candidate.id];
      if (!other) continue;
      // A borderline pair waits for the chat model's answer (asked after the batch, outside this transaction).
      const confirmation = withModel && isBorderline(candidate) ? 'pending' : '';
      if (suggestPair(txApp, post, other, { ...candidate, reason: reasonOf(candidate), confirmation })) queued += 1;
    }
  });
  return queued;
}

/** The job: checks up to `limit` marked ideas; returns { checked, queued }. */
function runChecks(app, limit = BATCH) {
  const marks = rowsOf(
    app,
    'SELECT id, updated FROM duplicate_checks ORDER BY updated, id LIMIT {:limit}',
    { id: '', updated: '' },
    { limit },
  );
  let queued = 0;
  for (const mark of marks) {
    try {
      queued += checkOne(app, mark.id);
    } catch (error) {
      app.logger().error('Checking an idea for duplicates failed', 'post', mark.id, 'error', String(error));
    }
    app
      .db()
      .newQuery('DELETE FROM duplicate_checks WHERE id = {:id} AND updated = {:updated}')
      .bind({ id: mark.id, updated: mark.updated })
      .execute();
  }
  return { checked: marks.length, queued };
}

/**
 * The job's run: batches until nothing waits or `budgetMs` has passed, then the borderline pairs' confirmations
 * (duplicates/confirm.js) for what is left of it; returns { checked, queued, confirmed }.
 */
function drainChecks(app, budgetMs = RUN_BUDGET_MS) {
  const { oneRunAtATime } = require(`${__hooks}/platform/one-run.js`);
  const { DUPLICATES_CHECKING_KEY, DUPLICATES_CONFIRMING_KEY } = require(
    `${__hooks}/platform/contract/hook-hand-offs.js`,
  );
  const started = Date.now();
  const total = { checked: 0, queued: 0, confirmed: 0 };
  // One run checks at a time: another would take the same oldest marks and check each idea again. The run goes on
  // until a batch finds none waiting, so an idea marked while it checked (whose own start of the job found it
  // running and left the checks to it) is checked now, not at the next minute.
  oneRunAtATime(DUPLICATES_CHECKING_KEY, () => {
    for (;;) {
      const { checked, queued } = runChecks(app);
      total.checked += checked;
      total.queued += queued;
      if (checked === 0 || Date.now() - started >= budgetMs) break;
    }
  });
  const { confirmPending } = require(`${__hooks}/duplicates/confirm.js`);
  const budget = Math.max(CONFIRM_BUDGET_MS, budgetMs - (Date.now() - started));
  total.confirmed = oneRunAtATime(DUPLICATES_CONFIRMING_KEY, () => confirmPending(app, budget));
  return total;
}

module.exports = { BATCH, markForCheck, runChecks, drainChecks };
