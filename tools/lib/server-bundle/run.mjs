// Runs a server bundle as an operator (or a service manager) would: unpacks its tarball, and starts its
// chorus-server with only a PATH, a HOME and the variables named, on a free port, collecting what it prints.
// The benches and the bundle's tests all start it through here.
import { execFileSync, spawn } from 'node:child_process';
import { basename, join } from 'node:path';
import { freePort } from '../ports.mjs';

/** Unpacks a bundle tarball into `into`; returns the bundle's folder. */
export function unpackBundle(tarball, into) {
  execFileSync('tar', ['-xzf', tarball, '-C', into]);
  return join(into, basename(tarball).replace(/\.tar\.gz$/, ''));
}

/** Only what a service manager gives it: a PATH, a HOME, and the variables named. */
export function serverEnv(extra = {}) {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...extra };
}

/**
 * Spawns chorus-server (or `launch`, e.g. through chroot) on a free port; `output()` is what it printed so far,
 * `exited` its exit code.
 * @param {string} dir the unpacked bundle
 * @param {{ env?: Record<string, string>, launch?: { command: string, args: string[] } | undefined }} [options]
 */
export async function spawnChorusServer(dir, { env = {}, launch } = {}) {
  const port = await freePort();
  const { command, args } = launch ?? { command: join(dir, 'chorus-server'), args: [] };
  const child = spawn(command, args, {
    env: serverEnv({ CHORUS_HTTP: `127.0.0.1:${port}`, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  return { url: `http://127.0.0.1:${port}`, process: child, output: () => output, exited };
}

/**
 * Starts chorus-server and resolves once it says Chorus is up, with how long that took; rejects with what it
 * printed if it exits or takes longer than `timeoutMs`.
 * @param {string} dir
 * @param {{ env?: Record<string, string>, launch?: { command: string, args: string[] } | undefined, timeoutMs?: number }} [options]
 */
export async function startChorusServer(dir, { timeoutMs = 60_000, ...options } = {}) {
  const started = performance.now();
  const server = await spawnChorusServer(dir, options);
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes('Chorus is up')) {
    if (server.process.exitCode !== null) {
      throw new Error(`chorus-server exited with ${server.process.exitCode}:\n${server.output()}`);
    }
    if (Date.now() > deadline)
      throw new Error(`chorus-server did not come up in ${timeoutMs / 1000} s:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { ...server, seconds: (performance.now() - started) / 1000 };
}
