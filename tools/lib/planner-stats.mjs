// SQLite's planner statistics, from outside PocketBase: running the job that keeps them (PLANNER_STATS_JOB, Go's
// planner_stats.go) and reading what they say a table holds. The job runs every ten minutes; after a large import
// (`npm run import`) or a bench's crowd it is run at once, so no query is planned from statistics of nearly empty tables.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { PLANNER_STATS_JOB } from '../../src/contract/hand-offs.ts';

/** Starts the job through PocketBase's crons API (`pb` signed in as a superuser); it runs on after the answer. */
export function runPlannerStats(pb) {
  return pb.crons.run(PLANNER_STATS_JOB);
}

/** What SQLite's statistics say `table` holds (their row count; 0 before any), read from the data folder. */
export function rowsOnRecord(dataDir, table) {
  const db = new DatabaseSync(join(dataDir, 'data.db'), { readOnly: true });
  try {
    // One row per index, each starting with the rows it holds: a partial index holds fewer, the others all of them.
    const rows = db.prepare('SELECT stat FROM sqlite_stat1 WHERE tbl = ?').all(table);
    return Math.max(0, ...rows.map((row) => Number.parseInt(String(row.stat), 10) || 0));
  } finally {
    db.close();
  }
}

/** Runs the job and waits (up to `timeoutMs`) until the statistics count `rows` or more in `table`; returns the count. */
export async function refreshPlannerStats(pb, dataDir, table, rows, timeoutMs = 30_000) {
  await runPlannerStats(pb);
  const deadline = Date.now() + timeoutMs;
  while (rowsOnRecord(dataDir, table) < rows && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return rowsOnRecord(dataDir, table);
}
