// The site as `npm start` and the tests served it before they ran the Worker alone in workerd: `astro preview`
// (Node, in front of Miniflare's wrappers around the same Worker in workerd). Kept only for the benches that show
// what it costs: `npm run bench -- memory --before` and the site bench's Miniflare rows.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { answers, keptOutput, workerBindings } from '../bare-worker.mjs';
import { stopProcess } from '../pocketbase-server.mjs';
import { freePort } from '../ports.mjs';
import { siteEnv } from '../site-server.mjs';

const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const astroBin = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');

/**
 * `astro preview` of the build on `port` with `bindings`, in production mode (no stack traces to visitors), its
 * workerd state in `stateDir`: startSite's `runWorker`. `{ process, output(), stop() }`.
 */
export function spawnPreviewWorker({ port, bindings, stateDir = undefined, quiet = true }) {
  const args = [astroBin, 'preview', '--port', String(port), '--host', '127.0.0.1', '--ignore-lock'];
  const env = { ...siteEnv({ production: true, stateDir }), ...bindings };
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', 'pipe'],
  });
  return { process: child, output: keptOutput(child, quiet), stop: () => stopProcess(child) };
}

/** `astro preview` alone on a free port (no local edge), once it answers: `{ url, pid, stop }`. */
export async function startPreviewWorker(options) {
  const port = await freePort();
  const worker = spawnPreviewWorker({ port, bindings: workerBindings(options) });
  const url = `http://127.0.0.1:${port}`;
  if (!(await answers(url, worker.process))) {
    await worker.stop();
    throw new Error(`astro preview did not serve the build at ${url}:\n${worker.output()}`);
  }
  return { url, pid: worker.process.pid, stop: worker.stop };
}
