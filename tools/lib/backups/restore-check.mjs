// Checks a restored data folder: SQLite's integrity check and counts from data.db, then PocketBase starting on
// it (applying the migrations) on a free port and answering a list of ideas.
import { mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { HOOKS_DIR, startPocketBase } from '../pocketbase-server.mjs';
import { freePort } from '../ports.mjs';

const COUNTED = { ideas: 'posts', members: 'users', comments: 'comments' };

/** @returns {{ integrity: string, bytes: number, counts: Record<string, number> }} */
export function inspectDatabase(dbPath) {
  const db = new DatabaseSync(dbPath, { readOnly: true });
  try {
    const integrity = db
      .prepare('PRAGMA integrity_check')
      .all()
      .map((row) => Object.values(row)[0])
      .join('; ');
    const counts = {};
    for (const [label, table] of Object.entries(COUNTED)) {
      const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
      counts[label] = exists ? Number(db.prepare(`SELECT count(*) AS n FROM "${table}"`).get().n) : 0;
    }
    return { integrity, bytes: statSync(dbPath).size, counts };
  } finally {
    db.close();
  }
}

/**
 * Starts PocketBase on the folder, reads how many ideas a visitor's list counts, and stops it. It runs without
 * Chorus's hooks (only their lib/, which the migrations use): their crons would otherwise deliver the restored
 * data's pending webhooks, or send its emails, from a check.
 */
export async function servedIdeaCount(dataDir) {
  const hooksDir = mkdtempSync(join(tmpdir(), 'chorus-restore-check-hooks-'));
  symlinkSync(join(HOOKS_DIR, 'lib'), join(hooksDir, 'lib'), 'junction');
  try {
    const server = await startPocketBase({ dataDir, port: await freePort(), hooksDir });
    try {
      const response = await fetch(`${server.url}/api/collections/posts/records?perPage=1&fields=id`);
      if (!response.ok) throw new Error(`PocketBase answered the list of ideas with ${response.status}`);
      return (await response.json()).totalItems;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(hooksDir, { recursive: true, force: true });
  }
}

export function restoredPaths(to) {
  return { database: join(to, 'data.db'), storage: join(to, 'storage') };
}
