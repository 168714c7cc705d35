// `npm run bench -- members [--seconds N] [--members N]`: signed-out visitors against signed-in members (issue 59), through the local edge as production is configured: the board and an idea page at 10 and 50 connections, requests a second, p50, p99 and answers that were not 200, on two sites side by side against one PocketBase, the member audience's cache off (before: each member's page rendered for them) and on (after); and what one member page view asks PocketBase, counted at the wire.
import '../lib/require-node.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { spawnBareWorker } from '../lib/bare-worker.mjs';
import { measureThroughput } from '../lib/bench/throughput.mjs';
import { commandLine, positiveNumber } from '../lib/cli.mjs';
import { connectAsSuperuser } from '../lib/configure-pocketbase.mjs';
import { startPocketBaseRequestLog, viewRequests } from '../lib/pocketbase-request-log.mjs';
import { freePorts } from '../lib/ports.mjs';
import { startSite } from '../lib/site-server.mjs';
import { startStack } from '../lib/stack.mjs';

const { values } = commandLine({
  command: 'bench members',
  file: import.meta.url,
  synopsis: '[--seconds N] [--members N]',
  options: { seconds: { type: 'string' }, members: { type: 'string' } },
});
const seconds = values.seconds === undefined ? 6 : positiveNumber(values.seconds, '--seconds');
const memberCount = values.members === undefined ? 10 : positiveNumber(values.members, '--members');

const dataDir = mkdtempSync(join(tmpdir(), 'chorus-bench-members-'));
const [sitePort, pbPort, smtpPort, beforePort, afterPort] = await freePorts(5);
const stack = await startStack({ dataDir, sitePort, pbPort, smtpPort, build: 'if-missing' });
const stops = [stack.stop];
try {
  const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
  // PocketBase behind a recording pass-through, so one view's requests can be counted.
  const log = await startPocketBaseRequestLog(stack.pbUrl);
  stops.unshift(log.stop);
  const site = (port, memberCache) =>
    startSite({
      port,
      pbUrl: log.url,
      proxySecret: stack.proxySecret,
      edgePurgeSecret: stack.edgePurgeSecret,
      stateDir: join(dataDir, `workerd-${port}`),
      runWorker: (options) =>
        spawnBareWorker({ ...options, bindings: { ...options.bindings, CHORUS_MEMBER_CACHE: memberCache } }),
    });
  const before = await site(beforePort, 'off');
  stops.unshift(before.stop);
  const after = await site(afterPort, 'on');
  stops.unshift(after.stop);

  // Ten members, each with their own sign-in (a vote on the idea, so their own state is real).
  const board = await admin.collection('boards').getFirstListItem('slug = "features"');
  const idea = await admin.collection('posts').getFirstListItem(`board = "${board.id}" && approved = true`);
  const password = 'bench members password';
  const cookies = [];
  for (let i = 0; i < memberCount; i++) {
    const email = `bench-member-${Date.now()}-${i}@chorus.test`;
    const user = await admin.collection('users').create({
      email,
      password,
      passwordConfirm: password,
      name: `Bench member ${i}`,
      role: 'member',
      verified: true,
    });
    await admin
      .collection('votes')
      .create({ post: idea.id, user: user.id })
      .catch(() => {});
    const pb = new PocketBase(stack.pbUrl);
    await pb.collection('users').authWithPassword(email, password);
    cookies.push(
      pb.authStore
        .exportToCookie({ httpOnly: false, secure: false, sameSite: 'Lax', path: '/' }, 'pb_auth')
        .split(';')[0],
    );
  }

  const paths = [`/b/${board.slug}`, `/p/${idea.id}`];
  console.log(`${memberCount} members, ${seconds} s a run, through the local edge (cache off = before, on = after)\n`);
  console.log(
    `${'page'.padEnd(22)} ${'who'.padEnd(8)} conns ${'site'.padEnd(7)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  not 200`,
  );
  for (const path of paths) {
    for (const connections of [10, 50]) {
      for (const who of ['visitor', 'member']) {
        // Before and after take turns, run by run, so both see the same machine.
        for (const [name, target] of [
          ['before', before],
          ['after', after],
        ]) {
          const result = await measureThroughput(new URL(path, target.url).href, {
            connections,
            seconds,
            proxySecret: stack.proxySecret,
            cookies: who === 'member' ? cookies : [],
          });
          console.log(
            `${path.slice(0, 22).padEnd(22)} ${who.padEnd(8)} ${String(connections).padStart(5)} ${name.padEnd(7)} ${result.requestsPerSecond.toFixed(0).padStart(7)} ${result.p50.toFixed(1).padStart(8)} ${result.p99.toFixed(1).padStart(8)}  ${result.errors}`,
          );
        }
      }
    }
  }

  console.log(
    '\nPocketBase requests for one member page view (the Worker; the browser then asks for their own state):',
  );
  for (const path of paths) {
    for (const [name, target] of [
      ['before', before],
      ['after', after],
    ]) {
      await viewRequests(log, target.url, path, cookies[0]);
      const { requests } = await viewRequests(log, target.url, path, cookies[0]);
      console.log(
        `  ${path.slice(0, 22).padEnd(22)} ${name.padEnd(7)} ${requests.length}: ${requests.map((r) => `${r.method} ${decodeURIComponent(r.path).split('?')[0]}`).join(', ')}`,
      );
    }
  }
} finally {
  for (const stop of stops) await stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
