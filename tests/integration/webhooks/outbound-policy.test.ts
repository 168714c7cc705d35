// The outbound policy end to end (pb_hooks/platform/outbound/outbound.js), as an admin using webhooks to probe the network
// behind Chorus would: every non-public kind of address refused when saved and again when sent (an address
// allowed at save and not at send: DNS changes), a receiver that redirects inward not followed, and a delivery
// log that keeps a status and a fixed reason, never the answer's body or the connection error.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowOutbound, disallowOutbound } from '../../support/outbound-allow';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { startWebhookReceiver } from '../../support/webhook-receiver';

let pb: TestPocketBase;
let admin: PocketBase;
let member: PocketBase;
let board: RecordModel;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let nasty: { url: string; server: Server };
const SECRET = 'SECRET-stack-trace at db.internal:5432 password=hunter2';

/** A receiver that answers each path its own way: redirects inward, or a 500 with a telling body. */
async function startNastyReceiver(inside: string) {
  const server = createServer((req, res) => {
    req.resume();
    const status = Number(/^\/(\d{3})/.exec(req.url ?? '')?.[1] ?? 500);
    if (status >= 300 && status < 400) res.writeHead(status, { location: inside }).end();
    else res.writeHead(status, { 'content-type': 'text/plain' }).end(SECRET);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  allowOutbound(url);
  return { url, server };
}

const webhook = (url: string, name = url) =>
  admin.collection('webhooks').create({ name: name.slice(0, 80), url, kind: 'standard', events: ['idea.posted'] });

async function postIdea(title: string) {
  await member
    .collection('posts')
    .create({ board: board.id, author: member.authStore.record?.id, title, body: 'Something to deliver' });
}

/** The delivery to `endpoint` and its attempts, once the worker has tried it. */
async function triedDelivery(endpoint: RecordModel) {
  let delivery: RecordModel | undefined;
  await expect
    .poll(
      async () => {
        [delivery] = (
          await pb.admin.collection('webhook_deliveries').getList(1, 1, { filter: `webhook = "${endpoint.id}"` })
        ).items;
        return delivery?.attempts ?? 0;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBeGreaterThan(0);
  const attempts = await pb.admin
    .collection('webhook_attempts')
    .getFullList({ filter: `delivery = "${delivery?.id}"` });
  return { delivery: delivery as RecordModel, attempts };
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  nasty = await startNastyReceiver(receiver.url('/inside'));
  pb = await startTestPocketBase({
    appUrl: 'http://chorus.test',
    env: { CHORUS_WEBHOOK_RETRY_SECONDS: '600', CHORUS_WEBHOOK_TIMEOUT_SECONDS: '3' },
  });
  [admin, member] = await Promise.all([pb.actor('admin'), pb.actor('member')]);
  board = await pb.admin.collection('boards').create({ name: 'Ideas', slug: 'ideas', visibility: 'public' });
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await receiver?.close();
  await new Promise((resolve) => nasty?.server.close(resolve));
});

// Every kind of address an admin could aim a webhook at to reach the inside (see the README's table).
const port = () => new URL(receiver.url('/')).port;
const REFUSED_KINDS: [string, () => string][] = [
  ['loopback', () => `http://127.0.0.1:${port()}/loopback`],
  ['loopback, port 1', () => 'http://127.0.0.1:1/'],
  ['IPv6 loopback', () => `http://[::1]:${port()}/v6`],
  ['localhost', () => `http://localhost:${port()}/localhost`],
  ['a subdomain of localhost', () => `http://api.localhost:${port()}/sub`],
  ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
  ['AWS metadata over IPv6', () => 'http://[fd00:ec2::254]/latest/meta-data/'],
  ['GCP metadata by name', () => 'http://metadata.google.internal/computeMetadata/v1/'],
  ['private 10/8', () => 'http://10.0.0.1/'],
  ['private 172.16/12', () => 'http://172.16.5.4/'],
  ['private 192.168/16', () => 'http://192.168.1.1/'],
  ['CGNAT 100.64/10', () => 'http://100.64.0.1/'],
  ['this network 0/8', () => `http://0.0.0.0:${port()}/zero`],
  ['decimal spelling', () => `http://2130706433:${port()}/decimal`],
  ['hex spelling', () => `http://0x7f000001:${port()}/hex`],
  ['octal spelling', () => `http://0177.0.0.1:${port()}/octal`],
  ['short form', () => `http://127.1:${port()}/short`],
  ['IPv4-mapped IPv6', () => `http://[::ffff:127.0.0.1]:${port()}/mapped`],
  ['NAT64 of loopback', () => `http://[64:ff9b::7f00:1]:${port()}/nat64`],
  ['6to4 of a private address', () => 'http://[2002:c0a8:101::1]/'],
  ['unique local IPv6', () => 'http://[fc00::1]/'],
  ['link-local IPv6', () => 'http://[fe80::1]/'],
  ['multicast', () => 'http://224.0.0.1/'],
  ['broadcast', () => 'http://255.255.255.255/'],
  ['a single-label name', () => 'http://intranet/'],
  ['a .local name', () => 'http://printer.local/'],
  ['a .home.arpa name', () => 'http://router.home.arpa/'],
];

describe('an admin aims a webhook inside the network', () => {
  // The test receiver's own origin is on the harness's allow-list; here it stands for any inside address.
  beforeAll(() => disallowOutbound(receiver.url('/')));
  it.each(REFUSED_KINDS)('is refused when saving: %s', async (_kind, url) => {
    await expect(webhook(url())).rejects.toMatchObject({
      status: 400,
      response: { data: { url: { code: 'refused_address' } } },
    });
  });

  it('is refused when the URL hides the host behind user info, a percent sign or a backslash', async () => {
    for (const url of [
      'http://hooks.example.com@127.0.0.1:1/',
      'http://user:pw@hooks.example.com/',
      'http://%31%32%37.0.0.1/',
      'http://hooks.example.com\\@127.0.0.1/',
    ]) {
      await expect(webhook(url), url).rejects.toMatchObject({
        status: 400,
        response: { data: { url: { code: expect.stringMatching(/^(refused_url|invalid_scheme)$/) } } },
      });
    }
  });

  it('names why in the admin’s words', async () => {
    const refusal = await webhook('http://127.0.0.1:1/').catch((error) => error);
    expect(refusal.response.data.url.message).toMatch(/not on the public internet/);
  });

  it('saves a public name (every send checks it again)', async () => {
    const saved = await webhook('https://hooks.example.com/in');
    expect(saved.url).toBe('https://hooks.example.com/in');
    await admin.collection('webhooks').delete(saved.id);
  });

  it('is refused at every send too: saved while allowed, sent after the address stopped being allowed', async () => {
    const kinds = REFUSED_KINDS.filter(([, url]) => url().includes(`:${port()}/`));
    const endpoints: RecordModel[] = [];
    const invalidForPocketBase: string[] = [];
    for (const [kind, url] of kinds) {
      allowOutbound(url());
      const saved = await webhook(url(), kind).catch((error) => error);
      disallowOutbound(url()); // as when a name that answered a public address now answers 127.0.0.1
      if (saved.id) endpoints.push(saved);
      else if (saved.response?.data?.url?.code === 'validation_invalid_url') invalidForPocketBase.push(kind);
      else throw saved;
    }
    // PocketBase's own URL field refuses a few spellings (0.0.0.0, octal, short forms) itself; the rest were stored.
    expect(endpoints.map((endpoint) => endpoint.name)).toEqual(
      expect.arrayContaining(['loopback', 'IPv6 loopback', 'localhost', 'decimal spelling', 'hex spelling']),
    );
    expect(endpoints.map((endpoint) => endpoint.name)).toEqual(
      expect.arrayContaining(['IPv4-mapped IPv6', 'NAT64 of loopback', 'a subdomain of localhost']),
    );
    expect(endpoints.length + invalidForPocketBase.length).toBe(kinds.length);
    await postIdea('Aimed inside');
    for (const endpoint of endpoints) {
      const { delivery, attempts } = await triedDelivery(endpoint);
      expect(delivery, endpoint.name).toMatchObject({ response_code: 0, error: 'refused_address' });
      expect(attempts, endpoint.name).toMatchObject([{ response_code: 0, error: 'refused_address' }]);
    }
    const paths = kinds.map(([, url]) => new URL(url()).pathname);
    expect(receiver.received.filter((r) => paths.includes(r.path))).toEqual([]);
    await Promise.all(endpoints.map((endpoint) => admin.collection('webhooks').delete(endpoint.id)));
  });
});

describe('a receiver that redirects inward', () => {
  it('is not followed, whatever the redirect: the attempt says so and nothing arrives inside', async () => {
    allowOutbound(receiver.url('/')); // so that a redirect followed by anyone would arrive and be seen
    const endpoints = await Promise.all([301, 302, 303, 307, 308].map((code) => webhook(`${nasty.url}/${code}`)));
    await postIdea('Redirected');
    for (const [index, code] of [301, 302, 303, 307, 308].entries()) {
      const { attempts } = await triedDelivery(endpoints[index] as RecordModel);
      expect(attempts, String(code)).toMatchObject([{ response_code: code, error: 'redirect_refused' }]);
    }
    expect(receiver.received.filter((r) => r.path === '/inside')).toEqual([]);
    await Promise.all(endpoints.map((endpoint) => admin.collection('webhooks').delete(endpoint.id)));
  });
});

describe('the delivery log', () => {
  it('keeps a status and a fixed reason, never the body of an answer or the connection error', async () => {
    allowOutbound('http://127.0.0.1:1'); // a closed port, reachable through the allow-list only
    const failing = await webhook(`${nasty.url}/500`, 'answers 500 with secrets');
    const closed = await webhook('http://127.0.0.1:1/', 'closed port');
    await postIdea('Probing');
    const answered = await triedDelivery(failing);
    const refused = await triedDelivery(closed);
    expect(answered.attempts).toMatchObject([{ response_code: 500, error: 'http_5xx' }]);
    expect(answered.delivery).toMatchObject({ response_code: 500, error: 'http_5xx' });
    expect(refused.attempts).toMatchObject([{ response_code: 0, error: 'connect_failed' }]);
    expect(refused.delivery).toMatchObject({ response_code: 0, error: 'connect_failed' });
    // Every value but the random ids, the relations' and the payload we sent, which holds the idea's and its
    // author's (a random "5d7tcph…" once read as "tcp"): what an answer or a failed connection could leave.
    const RANDOM = new Set(['id', 'delivery', 'webhook', 'message_id', 'collectionId', 'payload']);
    const logged = JSON.stringify([answered, refused], (key, value) => (RANDOM.has(key) ? undefined : value));
    expect(logged).toContain('connect_failed');
    expect(logged).not.toMatch(/SECRET|hunter2|dial|connection refused|tcp/i);
    // The admin's own view of the deliveries reads the same rows.
    const seen = await admin.collection('webhook_deliveries').getFullList({ filter: `webhook = "${failing.id}"` });
    expect(JSON.stringify(seen)).not.toContain('SECRET');
    disallowOutbound('http://127.0.0.1:1');
    await Promise.all([failing, closed].map((endpoint) => admin.collection('webhooks').delete(endpoint.id)));
  });
});
