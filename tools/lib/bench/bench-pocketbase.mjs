// A fresh PocketBase for a before/after bench scenario: temp data (and, for "before", a copy of pb_hooks without
// the hook files under test), the visitor-address secret, the superuser signed in, a public board and an author.
// Clients reach it as distinct visitors, each with its own client address as the Worker names it.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { forwardedAddress } from '../../../src/lib/pb/client-address.mjs';
import { hookFileNamed } from '../hook-files.mjs';
import { startPocketBase } from '../pocketbase-server.mjs';
import { freePort } from '../ports.mjs';

export const BENCH_SUPERUSER = { email: 'bench@chorus.test', password: 'bench-password-123' };
let visitors = 0;

/** A client that is a visitor of its own (a distinct client address per call); `token` signs it in as a key. */
export function visitorClient(url, secret, { token = '' } = {}) {
  visitors += 1;
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  const headers = forwardedAddress(secret, `10.9.${(visitors >> 8) & 255}.${visitors & 255}`);
  if (token) headers.Authorization = `Bearer ${token}`;
  pb.beforeSend = (requestUrl, options) => ({
    url: requestUrl,
    options: { ...options, headers: { ...options.headers, ...headers } },
  });
  return pb;
}

/**
 * Starts the PocketBase; `without` names hook files (e.g. 'audit.pb.js') left out of its copy of pb_hooks; `tree`
 * a folder with another revision's pb_hooks, pb_migrations, locales and PocketBase (lib/bench/revision-tree.mjs) to run
 * instead of this checkout's; `env`
 * more environment for PocketBase (CHORUS_PPROF for tools/bench/write-profile.mjs).
 * @param {{ without?: string[], tree?: string, env?: Record<string, string>, hooks?: string }} [options] `hooks`: a
 * prepared copy of pb_hooks to run (its caller removes it).
 */
export async function startBenchPocketBase({ without = [], tree = undefined, env = {}, hooks = undefined } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-bench-'));
  let hooksDir;
  if (hooks) {
    hooksDir = hooks;
  } else if (without.length > 0) {
    hooksDir = mkdtempSync(join(tmpdir(), 'chorus-bench-hooks-'));
    cpSync(new URL('../../../pb_hooks', import.meta.url), hooksDir, { recursive: true });
    for (const file of without) rmSync(hookFileNamed(hooksDir, file));
  }
  const secret = randomBytes(16).toString('hex');
  const server = await startPocketBase({
    dataDir,
    port: await freePort(),
    superuser: BENCH_SUPERUSER,
    proxySecret: secret,
    env,
    ...(hooksDir && { hooksDir }),
    ...(tree && { tree, hooksDir: join(tree, 'pb_hooks'), bin: join(tree, 'pocketbase') }),
  });
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (hooksDir && !hooks) rmSync(hooksDir, { recursive: true, force: true });
  };
  try {
    const admin = visitorClient(server.url, secret);
    await admin.collection('_superusers').authWithPassword(BENCH_SUPERUSER.email, BENCH_SUPERUSER.password);
    const board = await admin.collection('boards').create({ name: 'Bench', slug: 'bench', visibility: 'public' });
    const author = await createMember(admin, 'author');
    return { url: server.url, pid: server.process.pid, dataDir, secret, admin, board, author, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A confirmed member `<name>@chorus.test` with the bench password. */
export function createMember(admin, name) {
  const password = BENCH_SUPERUSER.password;
  return admin
    .collection('users')
    .create({ email: `${name}@chorus.test`, password, passwordConfirm: password, name, verified: true });
}

/** `count` new approved ideas on the bench's board, titled `<title> <n>`, made one after another. */
export async function createIdeas({ admin, board, author }, count, title) {
  const ideas = [];
  for (let i = 0; i < count; i += 1) {
    ideas.push(
      await admin
        .collection('posts')
        .create({ board: board.id, author: author.id, title: `${title} ${i}`, body: 'x', approved: true }),
    );
  }
  return ideas;
}

/**
 * `count` confirmed members (`<prefix><n>@chorus.test`), each signed in on a client of its own address.
 * @returns {Promise<{ pb: import('pocketbase').default, id: string }[]>}
 */
export async function signedInMembers({ admin, url, secret }, count, prefix = 'm') {
  const members = [];
  for (let i = 0; i < count; i += 1) {
    const user = await createMember(admin, `${prefix}${i}`);
    const pb = visitorClient(url, secret);
    await pb.collection('users').authWithPassword(user.email, BENCH_SUPERUSER.password);
    members.push({ pb, id: user.id });
  }
  return members;
}
