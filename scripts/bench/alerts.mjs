// `npm run bench -- alerts`: what alert rules cost a vote (issue #24: "cost per vote must stay small"). Times
// the same votes (20 members × 10 ideas, one after another, over HTTP on loopback) against three fresh
// PocketBases: without the alerts hook (before), with it and no rules, and with 20 rules that apply to every
// idea and never fire (the worst case for the check: each vote measures votes, votes in a day and revenue
// for 5 segments and none). Prints p50 and p95 of the vote request time. Never fails on time.
import '../lib/require-node.mjs';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { forwardedAddress } from '../../src/lib/pb/client-address.mjs';
import { commandLine } from '../lib/cli.mjs';
import { startPocketBase } from '../lib/pocketbase-server.mjs';
import { freePort } from '../lib/ports.mjs';
import { summarize } from '../lib/stats.mjs';

commandLine({ command: 'bench alerts', file: import.meta.url });

const MEMBERS = 20;
const IDEAS = 10;
const RULES = 20;
const superuser = { email: 'bench@chorus.test', password: 'bench-password-123' };
let address = 0;

function client(url, secret) {
  address += 1;
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  const headers = forwardedAddress(secret, `10.9.${(address >> 8) & 255}.${address & 255}`);
  pb.beforeSend = (requestUrl, options) => ({
    url: requestUrl,
    options: { ...options, headers: { ...options.headers, ...headers } },
  });
  return pb;
}

async function measure(label, { withoutAlerts = false, rules = 0 }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-bench-alerts-'));
  let hooksDir;
  if (withoutAlerts) {
    hooksDir = mkdtempSync(join(tmpdir(), 'chorus-hooks-'));
    cpSync(new URL('../../pb_hooks', import.meta.url), hooksDir, { recursive: true });
    rmSync(join(hooksDir, 'alerts.pb.js'));
  }
  const secret = randomBytes(16).toString('hex');
  const server = await startPocketBase({
    dataDir,
    port: await freePort(),
    superuser,
    proxySecret: secret,
    ...(hooksDir && { hooksDir }),
  });
  try {
    const admin = client(server.url, secret);
    await admin.collection('_superusers').authWithPassword(superuser.email, superuser.password);
    const board = await admin.collection('boards').create({ name: 'Bench', slug: 'bench', visibility: 'public' });
    const members = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const email = `m${i}@chorus.test`;
      const user = await admin.collection('users').create({
        email,
        password: superuser.password,
        passwordConfirm: superuser.password,
        name: `M${i}`,
        verified: true,
      });
      const pb = client(server.url, secret);
      await pb.collection('users').authWithPassword(email, superuser.password);
      members.push({ pb, id: user.id });
    }
    const ideas = [];
    for (let i = 0; i < IDEAS; i += 1) {
      ideas.push(
        await admin
          .collection('posts')
          .create({ board: board.id, author: members[0].id, title: `Idea ${i}`, body: 'x', approved: true }),
      );
    }
    const segments = [];
    for (let i = 0; i < 5; i += 1) {
      const segment = await admin.collection('segments').create({ name: `S${i}` });
      for (const member of members.slice(0, 10))
        await admin.collection('segment_members').create({ segment: segment.id, user: member.id });
      segments.push(segment.id);
    }
    const metrics = ['votes', 'votes_in_day', 'revenue'];
    for (let i = 0; i < rules; i += 1) {
      await admin.collection('alert_rules').create({
        name: `Rule ${i}`,
        metric: metrics[i % 3],
        threshold: 1e9,
        ...(i % 2 ? { board: board.id } : {}),
        ...(i % 4 < 2 ? { segment: segments[i % 5] } : {}),
      });
    }
    const times = [];
    for (const idea of ideas) {
      for (const member of members) {
        const start = performance.now();
        await member.pb.collection('votes').create({ post: idea.id, user: member.id });
        times.push(performance.now() - start);
      }
    }
    console.log(summarize(label, times.slice(10)));
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (hooksDir) rmSync(hooksDir, { recursive: true, force: true });
  }
}

console.log(`A vote's request time (${MEMBERS * IDEAS} votes, sequential, loopback; the first 10 are warm-up)\n`);
await measure('before: no alerts hook', { withoutAlerts: true });
await measure('alerts hook, no rules', { rules: 0 });
await measure(`alerts hook, ${RULES} rules (never firing)`, { rules: RULES });
