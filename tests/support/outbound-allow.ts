// The outbound allow-list of the test harness (pb_hooks/platform/outbound/outbound.js): a file of exact origins that
// CHORUS_OUTBOUND_ALLOW_FILE names in this process's environment, which every PocketBase started from here
// inherits and re-reads at each check. Each local stand-in (webhook receiver, tracker servers) adds its own
// origin when it starts, before or after PocketBase. `npm start` and production set no such file.
import { appendFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Tests name http://127.0.0.1:9 (the discard port) for a receiver that never answers.
const NEVER_ANSWERS = 'http://127.0.0.1:9';

const PREFIX = 'chorus-outbound-allow-';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Removes the files of test processes that have ended: the runner kills its workers, so 'exit' often never fires. */
function removeOrphans() {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(name.startsWith(PREFIX) ? name.slice(PREFIX.length).split('-')[0] : 0);
    if (pid && !alive(pid)) rmSync(join(tmpdir(), name), { force: true });
  }
}

/** The allow-list file, created (and named in process.env) on first use; removed when the process exits, or by
 * the next test process to make one when it was killed. */
export function outboundAllowFile(): string {
  const named = process.env.CHORUS_OUTBOUND_ALLOW_FILE;
  if (named) return named;
  removeOrphans();
  const file = join(tmpdir(), `${PREFIX}${process.pid}-${Date.now().toString(36)}`);
  writeFileSync(file, `${NEVER_ANSWERS}\n`);
  process.env.CHORUS_OUTBOUND_ALLOW_FILE = file;
  process.once('exit', () => rmSync(file, { force: true }));
  return file;
}

// The origin as written ("http://0x7f000001:80"), not as a browser would normalise it ("http://127.0.0.1").
const originOf = (url: string) => /^[a-z]+:\/\/[^/?#]+/i.exec(url)?.[0] ?? url;

/** Lets PocketBase send to the origin of `url` (exactly that scheme, host and port). */
export function allowOutbound(url: string): void {
  appendFileSync(outboundAllowFile(), `${originOf(url)}\n`);
}

/** Takes the origin of `url` off the list again (as if DNS had changed since a webhook was saved). */
export function disallowOutbound(url: string): void {
  const file = outboundAllowFile();
  const origin = originOf(url);
  const kept = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line && line !== origin);
  writeFileSync(file, kept.map((line) => `${line}\n`).join(''));
}
