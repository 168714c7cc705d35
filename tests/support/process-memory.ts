// Finds a local PocketBase process by its port and reads how much memory it holds (Linux /proc).
import { readdirSync, readFileSync } from 'node:fs';

/** The pid of the process started with `--http=<host>:<port>`, read from /proc. */
export function pidListeningOn(url: string): number {
  const { host } = new URL(url);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes('serve') && args.includes(`--http=${host}`)) return Number(entry);
    } catch {
      // the process ended while we looked
    }
  }
  throw new Error(`No process serves ${url}`);
}

/** Resident memory of a process, in MiB. */
export function residentMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  if (!line) throw new Error(`No VmRSS for pid ${pid}`);
  return Number(line[1]) / 1024;
}
