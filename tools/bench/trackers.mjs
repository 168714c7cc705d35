// `npm run bench -- trackers`: how long a tracker event takes to change an idea's status where an open page hears
// it (issue #26). A whole local Chorus (the built site in workerd, PocketBase) with a GitHub connection: each
// round signs an `issues` event as GitHub does, POSTs it to the site's /integrations/github/<id> (signature
// check in the Worker, the proof to PocketBase, the queue, the worker's kick, the status change) and stops the
// clock when PocketBase's realtime stream for the idea (what the page's live fan-out relays) carries the new
// status. Closed and reopened alternate. Prints p50/p95 on loopback; never fails on time.
import '../lib/require-node.mjs';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandLine, positiveNumber } from '../lib/cli.mjs';
import { connectAsSuperuser } from '../lib/configure-pocketbase.mjs';
import { freePorts } from '../lib/ports.mjs';
import { listenRealtime } from '../lib/realtime-listener.mjs';
import { startStack } from '../lib/stack.mjs';
import { summarize } from '../lib/stats.mjs';

const { values } = commandLine({
  command: 'bench trackers',
  file: import.meta.url,
  synopsis: '[--rounds N]',
  options: { rounds: { type: 'string', default: '40' } },
});
const ROUNDS = positiveNumber(values.rounds, '--rounds');
const SECRET = randomUUID();
const dataDir = mkdtempSync(join(tmpdir(), 'chorus-bench-trackers-'));
const [sitePort, pbPort, smtpPort] = await freePorts(3);
const stack = await startStack({ dataDir, sitePort, pbPort, smtpPort, seed: false, build: 'if-missing' });
let stopListening = () => {};
try {
  const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
  const board = await admin.collection('boards').create({ name: 'Ideas', slug: 'ideas', visibility: 'public' });
  const author = await admin
    .collection('users')
    .create({ email: 'a@bench.test', password: SECRET, passwordConfirm: SECRET, name: 'Author', verified: true });
  const [planned, done] = await Promise.all(
    ['planned', 'done'].map((slug) => admin.collection('statuses').getFirstListItem(`slug = "${slug}"`)),
  );
  const idea = await admin
    .collection('posts')
    .create({ board: board.id, author: author.id, title: 'Bench idea', approved: true, status: planned.id });
  const connection = await admin.collection('tracker_connections').create({
    provider: 'github',
    name: 'Bench',
    repository: 'acme/app',
    webhook_secret: SECRET,
    active: true,
    state_map: { 'closed:completed': done.id, open: planned.id },
  });
  await admin.collection('tracker_links').create({
    connection: connection.id,
    post: idea.id,
    issue_id: '1',
    issue_key: '#1',
    url: 'https://github.com/acme/app/issues/1',
    title: 'Bench idea',
    state: 'open',
  });

  let waiting = null;
  const stream = await listenRealtime(stack.pbUrl, [`posts/${idea.id}`], (_event, payload, at) => {
    if (waiting && payload?.record?.status === waiting.status) waiting.resolve(at);
  });
  stopListening = stream.close ?? (() => {});
  const address = `${stack.siteUrl}/integrations/github/${connection.id}`;
  const send = async (closed) => {
    const body = JSON.stringify({
      action: closed ? 'closed' : 'reopened',
      issue: {
        number: 1,
        title: 'Bench idea',
        state: closed ? 'closed' : 'open',
        state_reason: closed ? 'completed' : 'reopened',
        html_url: 'https://github.com/acme/app/issues/1',
        updated_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'), // GitHub's grain: the second
      },
      repository: { full_name: 'acme/app' },
    });
    const answer = await fetch(address, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'issues',
        'x-github-delivery': randomUUID(),
        'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
      },
      body,
    });
    if (answer.status !== 200) throw new Error(`the site answered ${answer.status}: ${await answer.text()}`);
  };

  const latencies = [];
  for (let round = 0; round < ROUNDS + 3; round += 1) {
    const closed = round % 2 === 0;
    const heard = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no status change within 30 s')), 30_000);
      waiting = { status: closed ? done.id : planned.id, resolve: (at) => (clearTimeout(timer), resolve(at)) };
    });
    const started = performance.now();
    await send(closed);
    const at = await heard;
    if (round >= 3) latencies.push((typeof at === 'number' ? at : performance.now()) - started);
  }
  console.log('Tracker event to status change (GitHub issues event → site ingress → queue → realtime), loopback:\n');
  console.log(summarize('event POSTed → status on the realtime stream', latencies));
} finally {
  stopListening();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
