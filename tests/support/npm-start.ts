// Runs `tools/start.mjs` as `npm start` does, in its own process group as a terminal would, on free ports
// and a given data folder (serving the last build), so a test can press Ctrl-C on it and look at what is left.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePorts } from '../../tools/lib/ports.mjs';

const SCRIPT = join(import.meta.dirname, '../../tools/start.mjs');

export type NpmStart = {
  child: ChildProcess;
  ports: { site: number; pb: number; smtp: number; mail: number };
  pbUrl: string;
  output: () => string;
  /** Resolves once the output holds `text` (rejects after `timeoutMs` or when the process ends first). */
  waitFor: (text: string, timeoutMs?: number) => Promise<void>;
  /** Every process still in its process group: pid and command line. */
  group: () => { pid: number; command: string }[];
  /** Ctrl-C: SIGINT to the whole process group, as a terminal sends it. */
  interrupt: () => void;
  exited: Promise<number | null>;
};

export async function npmStart(dataDir: string, env: Record<string, string> = {}): Promise<NpmStart> {
  const [site, pb, smtp, mail, inbound] = await freePorts(5);
  const { PB_URL, PUBLIC_PB_URL, PB_SUPERUSER_EMAIL, PB_SUPERUSER_PASSWORD, CHORUS_DEMO_PASSWORD, ...inherited } =
    process.env;
  const child = spawn(process.execPath, [SCRIPT, '--reuse-build'], {
    detached: true, // its own process group, like a command started from a shell
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...inherited,
      PORT: String(site),
      PB_PORT: String(pb),
      SMTP_PORT: String(smtp),
      MAIL_PORT: String(mail),
      // Its own inbound SMTP port too (2526 by default): two of these stacks may run at once.
      INBOUND_SMTP_PORT: String(inbound),
      PB_DATA_DIR: dataDir,
      // The continuous backup inside the temp folder, so it goes with it.
      CHORUS_REPLICA_DIR: join(dataDir, 'replica'),
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let ended = false;
  exited.then(() => {
    ended = true;
  });
  const pgid = child.pid as number;
  return {
    child,
    ports: { site, pb, smtp, mail },
    pbUrl: `http://127.0.0.1:${pb}`,
    output: () => output,
    async waitFor(text, timeoutMs = 180_000) {
      const deadline = Date.now() + timeoutMs;
      while (!output.includes(text)) {
        if (ended || Date.now() > deadline) throw new Error(`npm start never printed "${text}":\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    group: () =>
      execFileSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' })
        .split('\n')
        .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
        .filter((match) => match && Number(match[2]) === pgid)
        .map((match) => ({ pid: Number(match?.[1]), command: match?.[3] ?? '' })),
    interrupt: () => process.kill(-pgid, 'SIGINT'),
    exited,
  };
}
