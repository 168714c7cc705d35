// Starts a PocketBase server on a data folder with Chorus's migrations, hooks and message files (locales/,
// which the hooks read for emails and refusals), and stops it.
// Used by `npm start`, the integration tests and the end-to-end tests alike.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { copyMigratedTemplate } from './migrated-template.mjs';
import { ensurePocketBase } from './pocketbase-binary.mjs';
import { lowerPasswordCost, TEST_PASSWORD_COST } from './test-password-cost.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
/** Where the hooks (and migrations) read the message files: this repository's locales/. */
const localesEnv = (tree = root) => ({ ...process.env, CHORUS_LOCALES_DIR: join(tree, 'locales') });

/**
 * Go's garbage collector, set for a server (the environment's own GOGC and GOMEMLIMIT win). PocketBase
 * allocates a lot for every record it reads but keeps a small heap, so at Go's default (GOGC=100) it collects
 * very often: at 400, a list of 30 ideas costs about a fifth less CPU for about 60 MB more memory. The soft
 * limit makes it collect sooner again before a crowd of live subscribers grows the heap past 1 GiB.
 */
export function goRuntimeEnv(environment = process.env) {
  return { GOGC: environment.GOGC || '400', GOMEMLIMIT: environment.GOMEMLIMIT || '1GiB' };
}

/** Chorus's hooks (pb_hooks/): what PocketBase runs unless told another folder. */
export const HOOKS_DIR = join(root, 'pb_hooks');

function pbFlags(dataDir, { watch = false, hooksDir = HOOKS_DIR, tree = root } = {}) {
  return [
    `--dir=${dataDir}`,
    `--migrationsDir=${join(tree, 'pb_migrations')}`,
    `--hooksDir=${hooksDir}`,
    `--publicDir=${join(dataDir, 'pb_public')}`,
    `--hooksWatch=${watch}`,
    '--automigrate=false',
  ];
}

/** Applies the migrations to a data folder (`hooksDir`: the hooks a migration's saves run). */
export const migrateUp = (bin, dataDir, tree = root, hooksDir = join(tree, 'pb_hooks')) =>
  run(bin, ['migrate', 'up', ...pbFlags(dataDir, { tree, hooksDir })], { env: localesEnv(tree) });

/** Applies the migrations and creates or updates a superuser, before the server starts. */
export async function upsertSuperuser(
  bin,
  dataDir,
  { email, password },
  tree = root,
  hooksDir = join(tree, 'pb_hooks'),
) {
  const flags = pbFlags(dataDir, { tree, hooksDir });
  await migrateUp(bin, dataDir, tree, hooksDir);
  // `--` ends the flags, so a password starting with "-" is not taken for one. The CLI exits 0 even
  // when it refuses its arguments, so success is read from what it prints.
  const { stdout, stderr } = await run(bin, ['superuser', 'upsert', ...flags, '--', email, password], {
    env: localesEnv(tree),
  });
  if (!stdout.includes('Successfully')) {
    throw new Error(`Could not create the PocketBase superuser ${email}: ${stderr || stdout}`.trim());
  }
}

/**
 * @typedef {{ dataDir: string, port: number, host?: string, superuser?: { email: string, password: string } | undefined,
 *   watch?: boolean, quiet?: boolean, proxySecret?: string | undefined, env?: Record<string, string>,
 *   hooksDir?: string, tree?: string, dev?: boolean, bin?: string, fromTemplate?: boolean }} PocketBaseOptions
 * `tree`: the folder whose pb_migrations and locales PocketBase runs (this checkout's unless given; a bench's
 * "before" passes another revision's, whose pb_hooks it passes as hooksDir). `dev`: PocketBase's --dev, which
 * also prints every SQL statement it runs (read them with `output()`: a test checks their query plans). `bin`:
 * another PocketBase binary (a bench's "before", e.g. the stock build), Chorus's own unless given. `fromTemplate`
 * (tests only): an empty `dataDir` starts as a copy of a migrated one with the superuser made
 * (lib/migrated-template.mjs), which shares the migrations' generated secrets with every other copy.
 */

/**
 * Starts PocketBase and resolves once /api/health answers.
 * @param {PocketBaseOptions} options
 * @returns {Promise<{ url: string, process: import('node:child_process').ChildProcess, output: () => string, stop: () => Promise<void> }>}
 */
export async function startPocketBase({
  dataDir,
  port,
  host = '127.0.0.1',
  superuser = undefined,
  watch = false,
  quiet = true,
  proxySecret = process.env.CHORUS_PROXY_SECRET,
  env = {},
  hooksDir = HOOKS_DIR,
  tree = root,
  dev = false,
  bin: givenBin = undefined,
  fromTemplate = false,
}) {
  const bin = givenBin ?? (await ensurePocketBase());
  if (fromTemplate && !existsSync(join(dataDir, 'data.db'))) {
    // The template holds the superuser too (its credentials are in the template's key): a copy is ready to serve.
    await copyMigratedTemplate({
      bin,
      dataDir,
      tree,
      hooksDir,
      key: `${superuser ? `${superuser.email}\0${superuser.password}` : ''}\0bcrypt ${TEST_PASSWORD_COST}`,
      migrate: async (dir) => {
        await migrateUp(bin, dir, tree, hooksDir);
        lowerPasswordCost(dir); // tests' passwords hash at bcrypt's lowest cost (lib/test-password-cost.mjs)
        if (superuser) await upsertSuperuser(bin, dir, superuser, tree, hooksDir);
      },
    });
  } else if (superuser) await upsertSuperuser(bin, dataDir, superuser, tree);
  const flags = [...pbFlags(dataDir, { watch, hooksDir, tree }), ...(dev ? ['--dev'] : [])];
  const child = spawn(bin, ['serve', `--http=${host}:${port}`, ...flags], {
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', 'pipe'],
    // The secret that names the header the site sends its visitors' addresses in (pb_hooks/platform/client-address.pb.js),
    // Go's garbage collector settings, and whatever else the caller passes (the edge cache's purge URL and secret).
    env: { ...localesEnv(tree), ...goRuntimeEnv(), CHORUS_PROXY_SECRET: proxySecret ?? '', ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
    if (!quiet) process.stderr.write(chunk);
  });
  const url = `http://${host}:${port}`;
  await waitForHealth(url, child, () => output);
  return { url, process: child, output: () => output, stop: () => stopProcess(child) };
}

/** Resolves once this child serves: its start banner printed (it holds the port) and /api/health answers. */
async function waitForHealth(url, child, output, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`PocketBase exited with code ${child.exitCode}:\n${output()}`);
    }
    // Another process that took the port between a free-port check and this start answers /api/health too.
    if (!output().includes('Server started at')) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`PocketBase did not become healthy at ${url} within ${timeoutMs} ms:\n${output()}`);
}

export function stopProcess(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
    child.kill(signal);
  });
}
