// `npm run bench -- digests`: what the digest job costs (issue #25, item 5). A fresh PocketBase with SMTP into
// the local mail catcher; MEMBERS members on a daily digest in UTC, each following one idea with three
// unread events (a status with a response, a comment, a release: the notifications rows the hooks write),
// arranged with SQL (through a seeding route in a copy of the hooks made for the bench only) so seeding takes
// seconds. Then the job runs through its superuser route at 08:00 UTC:
// once when everything is due (every member gets one digest), once more right after (nothing due: the cost
// of the job's every-15-minutes check), and the day before 08:00 (nothing due yet). Prints the times and
// how many emails the catcher received. Never fails on time.
import '../lib/require-node.mjs';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { forwardedAddress } from '../../src/lib/pb/client-address.mjs';
import { commandLine } from '../lib/cli.mjs';
import { startMailCatcher } from '../lib/mail-catcher.mjs';
import { startPocketBase } from '../lib/pocketbase-server.mjs';
import { freePort } from '../lib/ports.mjs';

commandLine({ command: 'bench digests', file: import.meta.url });

const MEMBERS = Number(process.env.MEMBERS ?? 5000);
const superuser = { email: 'bench@chorus.test', password: 'bench-password-123' };

const dataDir = mkdtempSync(join(tmpdir(), 'chorus-bench-digests-'));
const mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
const secret = randomBytes(16).toString('hex');
// The bench's own hooks: Chorus's, plus a superuser route that runs the seeding SQL in one transaction.
const hooksDir = mkdtempSync(join(tmpdir(), 'chorus-bench-hooks-'));
cpSync(new URL('../../pb_hooks', import.meta.url), hooksDir, { recursive: true });
writeFileSync(
  join(hooksDir, 'bench-seed.pb.js'),
  `routerAdd('POST', '/api/bench/sql', (e) => {
    const statements = e.requestInfo().body.statements;
    e.app.runInTransaction((txApp) => { for (const sql of statements) txApp.db().newQuery(sql).execute(); });
    return e.json(200, {});
  }, $apis.requireSuperuserAuth());\n`,
);
const server = await startPocketBase({ dataDir, port: await freePort(), superuser, proxySecret: secret, hooksDir });
try {
  const admin = new PocketBase(server.url);
  admin.autoCancellation(false);
  admin.beforeSend = (url, options) => ({
    url,
    options: { ...options, headers: { ...options.headers, ...forwardedAddress(secret, '10.8.0.1') } },
  });
  await admin.collection('_superusers').authWithPassword(superuser.email, superuser.password);
  await admin.settings.update({
    meta: { appName: 'Chorus', appURL: 'http://chorus.test', senderName: 'Chorus', senderAddress: 'c@chorus.test' },
    smtp: { enabled: true, host: '127.0.0.1', port: mail.smtpPort, tls: false },
  });
  const board = await admin.collection('boards').create({ name: 'Bench', slug: 'bench', visibility: 'public' });
  const author = await admin.collection('users').create({
    email: 'author@chorus.test',
    password: superuser.password,
    passwordConfirm: superuser.password,
    name: 'Author',
    verified: true,
  });
  const post = await admin
    .collection('posts')
    .create({ board: board.id, author: author.id, title: 'Dark mode', body: 'Please', approved: true });
  const planned = await admin.collection('statuses').getFirstListItem('slug = "planned"');
  await admin.collection('posts').update(post.id, { status: planned.id, response: 'Next month.' });
  const entry = await admin
    .collection('changelog_entries')
    .create({ title: 'Spring release', slug: 'spring', state: 'published' });

  const seedStart = performance.now();
  // Members chose the daily digest two hours ago (the marker a choice sets); the events came an hour ago.
  const sqlTime = (ms) => new Date(Date.now() - ms).toISOString().replace('T', ' ');
  const created = sqlTime(2 * 3600_000);
  const recent = sqlTime(3600_000);
  const sql = `
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MEMBERS})
INSERT INTO users (id, email, verified, password, tokenKey, name, role, email_on_comment, email_on_status,
  email_on_release, comment_emails, status_emails, release_emails, time_zone, digest_daily_at, created, updated)
SELECT printf('bench%010d', i), printf('m%d@chorus.test', i), 1, 'x', printf('key%012d', i), printf('Member %d', i),
  'member', 1, 1, 1, 'daily', 'daily', 'daily', '', '${created}', '${created}', '${created}' FROM n;
INSERT INTO subscriptions (id, post, user, created, updated)
  SELECT printf('sub%012d', rowid), '${post.id}', id, '${created}', '${created}' FROM users WHERE id LIKE 'bench%';
INSERT INTO notifications (id, user, kind, post, comment, entry, actor, read_at, created, updated)
  SELECT printf('nst%012d', rowid), id, 'status', '${post.id}', '', '', '${author.id}', '', '${recent}', '${recent}' FROM users WHERE id LIKE 'bench%';
INSERT INTO notifications (id, user, kind, post, comment, entry, actor, read_at, created, updated)
  SELECT printf('nco%012d', rowid), id, 'comment', '${post.id}', '', '', '${author.id}', '', '${recent}', '${recent}' FROM users WHERE id LIKE 'bench%';
INSERT INTO notifications (id, user, kind, post, comment, entry, actor, read_at, created, updated)
  SELECT printf('nre%012d', rowid), id, 'release', '${post.id}', '', '${entry.id}', '${author.id}', '', '${recent}', '${recent}' FROM users WHERE id LIKE 'bench%';
`;
  const statements = sql
    .split(';\n')
    .map((statement) => statement.trim())
    .filter(Boolean);
  await admin.send('/api/bench/sql', { method: 'POST', body: { statements } });
  console.log(
    `Seeded ${MEMBERS} members on a daily digest, 3 events each, in ${(performance.now() - seedStart).toFixed(0)} ms`,
  );

  const tomorrowEight = new Date(Date.now() + 24 * 3600_000);
  tomorrowEight.setUTCHours(8, 0, 0, 0);
  // Over plain HTTP with no timeout: a big run answers after minutes (fetch gives up on headers after 300 s).
  const call = (at) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ now: at.toISOString() });
      const request = http.request(
        `${server.url}/api/chorus/digests/run`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: admin.authStore.token,
            ...forwardedAddress(secret, '10.8.0.1'),
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => resolve(JSON.parse(text)));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  // PocketBase closes a request after 5 minutes (its server's write timeout) while the job itself goes on:
  // then the run's end is when the last digest reaches the catcher.
  const run = async (label, at) => {
    const start = performance.now();
    const before = mail.messages.length;
    const result = await call(at).catch(async (error) => {
      if (error.code !== 'ECONNRESET') throw error;
      let last = mail.messages.length;
      for (let quiet = 0; quiet < 50; quiet += 1) {
        await new Promise((r) => setTimeout(r, 200));
        if (mail.messages.length !== last) [last, quiet] = [mail.messages.length, 0];
      }
      return { checked: '(answer cut off)', sent: mail.messages.length - before, cutOff: true };
    });
    const ms = performance.now() - start - (result.cutOff ? 10_000 : 0);
    console.log(
      `${label}: ${ms.toFixed(0)} ms, checked ${result.checked}, sent ${result.sent}` +
        (result.sent ? ` (${(ms / result.sent).toFixed(2)} ms per digest)` : ''),
    );
  };
  await run('Before 08:00 (nothing due)', new Date(tomorrowEight.getTime() - 60_000));
  await run('08:00 (every member due)', tomorrowEight);
  await run('08:15 (already sent: a rerun)', new Date(tomorrowEight.getTime() + 15 * 60_000));
  const deadline = Date.now() + 60_000;
  while (mail.messages.length < MEMBERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  const digests = mail.messages.filter((m) => m.subject.includes('daily digest'));
  console.log(
    `Mail catcher: ${digests.length} digests for ${MEMBERS} members, ${new Set(digests.map((m) => m.to)).size} distinct recipients`,
  );
} finally {
  await server.stop();
  await mail.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(hooksDir, { recursive: true, force: true });
}
