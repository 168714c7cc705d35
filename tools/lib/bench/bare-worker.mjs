// Runs the built Worker alone in workerd, as Cloudflare runs what `wrangler deploy` uploads: the modules in
// dist/server, wrangler.json's compatibility date and flags, and the Worker's own bindings. `astro preview`
// runs the same Worker behind Miniflare's local wrappers (an entry worker, the static-assets router, an
// outbound interceptor on every fetch, and a log collector), which cost more CPU than the Worker itself.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import workerd from 'workerd';
import { stopProcess } from '../pocketbase-server.mjs';
import { freePort } from '../ports.mjs';
import { answers, workerBindings } from '../site-server.mjs';

// The package is CommonJS marked as an ES module: Node hands its exports object over as the default.
const workerdBinary = workerd.default ?? workerd;
const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/**
 * workerd's Cap'n Proto text config for the built Worker on `port`, to be written in `configDir` (embedded
 * files are found relative to it; strings are quoted as JSON, which Cap'n Proto reads).
 */
export function bareWorkerConfig({ configDir, serverDir, assetsDir, port, bindings }) {
  const deployed = JSON.parse(readFileSync(join(serverDir, 'wrangler.json'), 'utf8'));
  const q = JSON.stringify;
  // Every module under dist/server (wrangler's ESModule rule: **/*.js, **/*.mjs), the entry first.
  const files = readdirSync(serverDir, { recursive: true }).filter((file) => /\.m?js$/.test(file));
  const modules = [deployed.main, ...files.filter((file) => file !== deployed.main)].map(
    (file) => `(name = ${q(file)}, esModule = embed ${q(relative(configDir, join(serverDir, file)))})`,
  );
  const vars = Object.entries(bindings).map(([name, value]) => `(name = ${q(name)}, text = ${q(value)})`);
  const assetsBinding = deployed.assets?.binding;
  if (assetsBinding) vars.push(`(name = ${q(assetsBinding)}, service = "assets")`);
  const assetsWorker = relative(configDir, fileURLToPath(new URL('./bare-assets-worker.mjs', import.meta.url)));
  // The Durable Objects wrangler.json declares (the live shards, the purge queue), SQLite-backed as on
  // Cloudflare (which needs their storage on disk: in memory has no SQL), in `configDir`.
  const objects = deployed.durable_objects?.bindings ?? [];
  for (const { name, class_name } of objects)
    vars.push(`(name = ${q(name)}, durableObjectNamespace = ${q(class_name)})`);
  const namespaces = objects.map(
    ({ class_name }) => `(className = ${q(class_name)}, uniqueKey = ${q(`chorus-${class_name}`)}, enableSql = true)`,
  );
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "worker", worker = .worker),
    (name = "assets", worker = (
      modules = [(name = "assets.mjs", esModule = embed ${q(assetsWorker)})],
      compatibilityDate = ${q(deployed.compatibility_date)},
      bindings = [(name = "FILES", service = "files")],
    )),
    (name = "files", disk = (path = ${q(assetsDir)})),
    (name = "internet", network = (allow = ["public", "private", "local"])),
    (name = "objects", disk = (path = ${q(join(configDir, 'objects'))}, writable = true)),
  ],
  sockets = [(name = "http", address = ${q(`127.0.0.1:${port}`)}, http = (), service = "worker")],
);
const worker :Workerd.Worker = (
  modules = [
    ${modules.join(',\n    ')}
  ],
  compatibilityDate = ${q(deployed.compatibility_date)},
  compatibilityFlags = ${q(deployed.compatibility_flags ?? [])},
  bindings = [${vars.join(', ')}],
  durableObjectNamespaces = [${namespaces.join(', ')}],
  durableObjectStorage = (localDisk = "objects"),
  globalOutbound = "internet",
);
`;
}

/**
 * Starts the built Worker alone in workerd with the bindings `startSite` gives it, and resolves once it
 * answers: `{ url, pid, stop }`.
 */
export async function startBareWorker(options) {
  const dir = mkdtempSync(join(tmpdir(), 'chorus-bare-worker-'));
  const port = await freePort();
  const configPath = join(dir, 'worker.capnp');
  mkdirSync(join(dir, 'objects'));
  writeFileSync(
    configPath,
    bareWorkerConfig({
      configDir: dir,
      serverDir: join(root, 'dist', 'server'),
      assetsDir: join(root, 'dist', 'client'),
      port,
      bindings: workerBindings(options),
    }),
  );
  const child = spawn(workerdBinary, ['serve', configPath], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  };
  if (!(await answers(url, child))) {
    await stop();
    throw new Error(`workerd did not serve the built Worker at ${url}:\n${output}`);
  }
  return { url, pid: child.pid, stop };
}
