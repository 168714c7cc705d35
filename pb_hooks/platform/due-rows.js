// A worker over rows that come due (webhook deliveries, feedback answers, tracker events): each pass claims and
// sends what is due, each row leased first (leaseDueRow) so two runs never send one twice; when nothing is due, and the
// next row falls due within the run's budget, one run at a time (the app-store key `sleeperKey`) waits for it, so a
// quick retry goes out in the same cron minute; the others leave it to that one. A failed row is tried again on one
// backoff for every worker (retryAt).

const { dateString } = require(`${__hooks}/platform/dates.js`);

/**
 * Leases one pending row of `table` (its `stateColumn` 'pending') until `leaseUntil` (ms): a compare-and-set of
 * its next_attempt_at, so only the run that saw it as it is takes it, and a run that died mid-send leaves a lease
 * that expires. False when another run took it first.
 */
function leaseDueRow(app, table, row, leaseUntil, stateColumn = 'status') {
  if (!/^[a-z_]+$/.test(table) || !/^[a-z_]+$/.test(stateColumn)) throw new Error(`leaseDueRow: ${table}`);
  const result = app
    .db()
    .newQuery(
      `UPDATE ${table} SET next_attempt_at = {:lease} WHERE id = {:id} AND ${stateColumn} = 'pending' AND next_attempt_at = {:seen}`,
    )
    .bind({ lease: dateString(leaseUntil), id: row.id, seen: row.getString('next_attempt_at') })
    .execute();
  return result.rowsAffected() === 1;
}

/**
 * When a row that failed its `attempts`-th attempt is tried again: `baseSeconds` after the first, doubling with each
 * attempt, never more than six hours on (the backoff webhook deliveries, feedback answers and tracker events share).
 */
function retryAt(attempts, baseSeconds) {
  return dateString(Date.now() + Math.min(baseSeconds * 2 ** (attempts - 1), 6 * 3600) * 1000);
}

/**
 * Works the due rows of `table` (pending in its `stateColumn`), each leased for `leaseMs` before `send`. Without
 * `nextDueAt` a run ends as soon as nothing is due (and `sleeperKey` is not needed).
 * @param {object} app
 * @param {{ table: string, stateColumn?: string, leaseMs: number, budgetMs: number, sleeperKey?: string,
 *   due: (now: number) => any[], send: (row: any) => void, nextDueAt?: () => (number | null),
 *   failed: (row: any, error: unknown) => void }} worker
 */
function runDueRows(app, worker) {
  const { table, stateColumn = 'status', leaseMs, budgetMs, sleeperKey = '', due, send, failed } = worker;
  const { nextDueAt = () => null } = worker;
  const started = Date.now();
  while (Date.now() - started < budgetMs) {
    const rows = due(Date.now());
    let claimed = 0;
    for (const row of rows) {
      if (!leaseDueRow(app, table, row, Date.now() + leaseMs, stateColumn)) continue;
      claimed += 1;
      try {
        send(row);
      } catch (error) {
        failed(row, error);
      }
    }
    if (rows.length > 0 && claimed === 0) return; // another run has them
    if (rows.length > 0) continue;
    const next = nextDueAt();
    const left = budgetMs - (Date.now() - started);
    if (next === null || next - Date.now() > left) return;
    const sleeping = app.store().get(sleeperKey);
    if (sleeping && sleeping > Date.now()) return;
    const wait = Math.max(50, Math.min(next - Date.now(), 1000));
    app.store().set(sleeperKey, Date.now() + wait + 500);
    sleep(wait);
    app.store().remove(sleeperKey);
  }
}

module.exports = { runDueRows, retryAt };
