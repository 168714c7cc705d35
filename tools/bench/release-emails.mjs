// `npm run bench -- release-emails`: what release emails for anyone
// cost the staff member who publishes (issue #25, item 6: "must not block the staff request for long").
// Times 10 publishes (a moderator creating a published release, one after another, loopback) against two
// fresh PocketBases with 2,000 confirmed subscribers and a local mail catcher: without the feature's hooks
// (before) and with them (after), and how long the mailer then takes to send one release to all of them.
// Never fails on time.
import '../lib/require-node.mjs';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { forwardedAddress } from '../../src/lib/pb/client-address.mjs';
import { commandLine } from '../lib/cli.mjs';
import { hookFileNamed } from '../lib/hook-files.mjs';
import { startMailCatcher } from '../lib/mail-catcher.mjs';
import { startPocketBase } from '../lib/pocketbase-server.mjs';
import { freePort } from '../lib/ports.mjs';
import { summarize } from '../lib/stats.mjs';

commandLine({ command: 'bench release-emails', file: import.meta.url });

const SUBSCRIBERS = 2000;
const PUBLISHES = 10;
const superuser = { email: 'bench@chorus.test', password: 'bench-password-123' };

function client(url, secret) {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  const headers = forwardedAddress(
    secret,
    `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  );
  pb.beforeSend = (requestUrl, options) => ({
    url: requestUrl,
    options: { ...options, headers: { ...options.headers, ...headers } },
  });
  return pb;
}

/** A copy of pb_hooks without release emails to visitors: the state before the feature. */
function hooksBefore() {
  const dir = mkdtempSync(join(tmpdir(), 'chorus-hooks-'));
  cpSync(new URL('../../pb_hooks', import.meta.url), dir, { recursive: true });
  rmSync(hookFileNamed(dir, 'changelog-subscribers.pb.js'));
  const file = hookFileNamed(dir, 'changelog.pb.js');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^.*queueReleaseMailing.*$/m, ''));
  return dir;
}

async function measure(label, { before }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-bench-releases-'));
  const hooksDir = before ? hooksBefore() : undefined;
  const mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
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
    await admin.settings.update({
      meta: {
        appName: 'Bench',
        appURL: 'http://127.0.0.1:4321',
        senderName: 'Bench',
        senderAddress: 'bench@chorus.test',
      },
      smtp: { enabled: true, host: '127.0.0.1', port: mail.smtpPort, tls: false },
    });
    const now = new Date().toISOString().replace('T', ' ');
    for (let i = 0; i < SUBSCRIBERS; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          admin.collection('changelog_subscribers').create({
            email: `reader-${i + j}@example.com`,
            locale: ['en', 'de', 'ja', 'ar'][(i + j) % 4],
            confirmed_at: now,
            token_key: randomBytes(20).toString('hex'),
          }),
        ),
      );
    }
    await admin.collection('users').create({
      email: 'moderator@chorus.test',
      password: superuser.password,
      passwordConfirm: superuser.password,
      name: 'Mod',
      verified: true,
      role: 'moderator',
    });
    const moderator = client(server.url, secret);
    await moderator.collection('users').authWithPassword('moderator@chorus.test', superuser.password);
    const times = [];
    let firstPublishedAt = 0;
    for (let i = 0; i < PUBLISHES; i += 1) {
      const start = performance.now();
      await moderator
        .collection('changelog_entries')
        .create({ title: `Release ${i}`, slug: `release-${i}`, body: 'Faster search.', state: 'published' });
      times.push(performance.now() - start);
      if (i === 0) firstPublishedAt = performance.now();
    }
    console.log(summarize(label, times));
    if (!before) {
      // The first release's mailing (the others queue behind it).
      for (;;) {
        const [first] = (await admin.collection('changelog_mailings').getList(1, 1, { sort: 'created' })).items;
        if (first?.status === 'done') {
          console.log(
            `  the mailer sent release 0 to ${first.sent} subscribers in ${((performance.now() - firstPublishedAt) / 1000).toFixed(1)} s`,
          );
          break;
        }
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    await server.stop();
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (hooksDir) rmSync(hooksDir, { recursive: true, force: true });
  }
}

console.log(
  `A publish request's time with ${SUBSCRIBERS} confirmed subscribers (${PUBLISHES} publishes, sequential, loopback)\n`,
);
await measure('before: no release emails to visitors', { before: true });
await measure('after: mailing queued, mailer after the commit', { before: false });
