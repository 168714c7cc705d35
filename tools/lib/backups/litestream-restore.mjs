// Runs `litestream restore` for a replica URL, and finds when the restored transaction was written.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ensureLitestream } from '../litestream-binary.mjs';

const run = promisify(execFile);

/** A restore Litestream refused, told in one sentence. */
export class RestoreError extends Error {}

/**
 * Restores the database of `replicaUrl` as of `at` (or the latest) into `outputPath`.
 * @returns {Promise<{ txid: string, writtenAt: Date | undefined }>}
 */
export async function litestreamRestore({ replicaUrl, outputPath, at, log }) {
  const bin = await ensureLitestream({ log });
  const args = ['restore', '-json', '-o', outputPath, ...(at ? ['-timestamp', at.toISOString()] : []), replicaUrl];
  let stdout;
  try {
    ({ stdout } = await run(bin, args, { maxBuffer: 16 * 1024 * 1024 }));
  } catch (error) {
    const said = `${error.stderr ?? ''}`.trim().split('\n').at(-1) ?? '';
    if (/no matching backup files/i.test(said)) throw new RestoreError(`There is no backup at ${replicaUrl}.`);
    if (/timestamp does not exist/i.test(said)) {
      throw new RestoreError(`The replica has nothing as early as ${at?.toISOString()}; choose a later --at.`);
    }
    throw new RestoreError(`Litestream could not restore ${replicaUrl}: ${said || error.message}`);
  }
  const { txid } = JSON.parse(stdout);
  return { txid, writtenAt: await transactionTime(bin, replicaUrl, txid) };
}

/** When the replica received transaction `txid` (Litestream lists its files with a time, to the second). */
async function transactionTime(bin, replicaUrl, txid) {
  try {
    const { stdout } = await run(bin, ['ltx', '-level', 'all', replicaUrl], { maxBuffer: 64 * 1024 * 1024 });
    const times = stdout
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((columns) => columns[2] === txid && !Number.isNaN(Date.parse(columns.at(-1))))
      .map((columns) => Date.parse(columns.at(-1)));
    return times.length ? new Date(Math.min(...times)) : undefined;
  } catch {
    return undefined;
  }
}
