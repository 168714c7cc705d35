// Work that several processes may ask for at the same moment (test workers, `npm start`, a test file each) done by
// one of them while the others wait: a lock folder (mkdir is atomic), taken over once older than a stuck holder's.
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// A lock older than this belongs to a process that died mid-work (a Go build here takes a few minutes).
const STALE_LOCK_MS = 20 * 60_000;

/**
 * Runs `work()` unless `done()`, asked only while holding the lock folder `lock`: one caller at a time, so a caller
 * never takes another's work half done for done (a build mid-way may look built). The others wait for the lock,
 * then find it done. A `work` that fails releases the lock and throws in its caller; a waiter then tries in turn.
 * Where a result appears atomically (a file renamed into place), check it before calling, to skip the lock.
 * @param {string} lock a folder path (its parent is made)
 * @param {() => boolean} done
 * @param {() => Promise<unknown> | unknown} work
 * @param {{ pollMs?: number, staleMs?: number }} [options]
 */
export async function onceAcrossProcesses(lock, done, work, { pollMs = 500, staleMs = STALE_LOCK_MS } = {}) {
  mkdirSync(dirname(lock), { recursive: true });
  while (!takeLock(lock, staleMs)) await sleep(pollMs);
  try {
    if (done()) return;
    await work();
    if (!done()) throw new Error(`${lock}: the work finished without its result.`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function takeLock(lock, staleMs) {
  try {
    mkdirSync(lock);
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    if (Date.now() - lockTime(lock) > staleMs) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

function lockTime(lock) {
  try {
    return statSync(lock).mtimeMs;
  } catch {
    return Date.now();
  }
}
