// The doctor's checks, in order: each takes what the earlier ones found (`found`) and returns what passed, or
// throws a Fault (what is wrong, what to do) or a Skip. PocketBase signs what must carry its own secrets: a
// publish to the Worker (POST /api/chorus/health, pb_hooks/health/health.pb.js) and the cache purge.
import { randomBytes } from 'node:crypto';
import { POCKETBASE_VERSION } from '../pocketbase-binary.mjs';
import { Fault, listenLive, request, Skip } from './wire.mjs';

const CACHED_PAGE = '/changelog';
const PURGE_TAG = 'changelog';
const PURGE_WAIT_MS = 15_000;
const REPLICA_WAIT_MS = 8000;
const EDGE_SECRET_FIX =
  'Give the Worker and PocketBase the same EDGE_PURGE_SECRET (wrangler secret put EDGE_PURGE_SECRET; the server environment file), then restart PocketBase.';

const recordId = () => Array.from(randomBytes(15), (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');
const nonce = () => randomBytes(6).toString('hex');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const needs = (value, what) => {
  if (!value) throw new Skip(what);
  return value;
};

/** @type {{ name: string, run: (found: Record<string, any>) => Promise<string> }[]} */
export const CHECKS = [
  {
    name: 'The site answers',
    async run(found) {
      const response = await request(new URL('/robots.txt', found.site));
      if (response.status >= 500)
        throw new Fault(`${found.site} answers ${response.status}.`, 'Is the Worker deployed?');
      found.siteUp = true;
      return `${found.site} answers`;
    },
  },
  {
    name: 'The Worker reaches PocketBase',
    async run(found) {
      needs(found.siteUp, 'the site does not answer');
      const response = await request(new URL(`${CACHED_PAGE}?doctor=${nonce()}`, found.site));
      if (response.status === 503) {
        throw new Fault(
          'The site answers 503: its Worker cannot reach PocketBase.',
          "Set the Worker's PB_URL to PocketBase's address (wrangler secret put PB_URL) and check PocketBase is up.",
        );
      }
      if (!response.ok) throw new Fault(`${CACHED_PAGE} answers ${response.status}.`);
      return 'a page that reads PocketBase renders';
    },
  },
  {
    name: 'PocketBase reports its health',
    async run(found) {
      const pb = found.pb;
      if (!pb) throw new Fault(found.pbProblem, "Give PocketBase's address with --pocketbase <url>.");
      const { status, body } = await pb.send('/api/chorus/health');
      if (status === 404) {
        throw new Fault(`${found.pbUrl} has no /api/chorus/health.`, "Deploy this Chorus's pb_hooks to PocketBase.");
      }
      if (status !== 200) throw new Fault(`${found.pbUrl}/api/chorus/health answered ${status}.`);
      found.report = body;
      return `PocketBase at ${found.pbUrl}`;
    },
  },
  {
    name: 'The shared secret: a publish signed by PocketBase arrives on a live socket',
    async run(found) {
      needs(found.siteUp && found.report, 'the site or PocketBase does not answer');
      const post = recordId();
      const reaction = recordId();
      const live = await listenLive(found.site, `reactions:${post}`);
      try {
        const { body } = await found.pb.send('/api/chorus/health', {
          method: 'POST',
          body: JSON.stringify({ edge: { post, reaction } }),
        });
        explainPublish(body?.edge);
        const message = await live.next();
        if (message?.r?.id !== reaction) {
          throw new Fault(
            'The Worker took the publish but no live socket got it.',
            "Check the Worker's LIVE_HUB Durable Object binding (wrangler.toml) and redeploy.",
          );
        }
      } finally {
        live.close();
      }
      found.publishes = true;
      return 'PocketBase and the Worker share EDGE_PURGE_SECRET';
    },
  },
  {
    name: 'A forged publish is refused',
    async run(found) {
      needs(found.siteUp, 'the site does not answer');
      const response = await request(new URL('/edge/publish', found.site), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer forged-${nonce()}` },
        body: JSON.stringify({ changes: [], tags: [] }),
      });
      if (response.status === 401) return 'a wrong secret gets 401';
      if (response.status === 404) {
        throw new Fault("The Worker's publish route is off: it has no EDGE_PURGE_SECRET.", EDGE_SECRET_FIX);
      }
      throw new Fault(
        `The Worker answered ${response.status} to a publish with a wrong secret.`,
        'Redeploy the Worker.',
      );
    },
  },
  {
    name: 'The edge cache serves a HIT and a purge empties it',
    async run(found) {
      needs(found.siteUp && found.report, 'the site or PocketBase does not answer');
      const page = new URL(`${CACHED_PAGE}?doctor-cache=${nonce()}`, found.site);
      const status = async () => (await request(page)).headers.get('cf-cache-status') ?? 'none';
      await status();
      const second = await status();
      if (second !== 'HIT') {
        throw new Fault(
          `A page asked twice was not served from the cache (cf-cache-status: ${second}).`,
          "Check the Worker's cache settings in wrangler.toml (the CachedPages entrypoint) and redeploy.",
        );
      }
      needs(found.publishes, 'the publish above failed, so no purge can arrive');
      const { body } = await found.pb.send('/api/chorus/health', {
        method: 'POST',
        body: JSON.stringify({ edge: { tags: [PURGE_TAG] } }),
      });
      explainPublish(body?.edge);
      const deadline = Date.now() + PURGE_WAIT_MS;
      while ((await status()) === 'HIT') {
        if (Date.now() > deadline) {
          throw new Fault(
            `A purge of "${PURGE_TAG}" did not empty the cache within ${PURGE_WAIT_MS / 1000} s.`,
            'Look at the purge queue (GET /edge-cache/purge with the secret) for refusals.',
          );
        }
        await sleep(250);
      }
      return 'HIT, then gone after a purge';
    },
  },
  {
    name: "Per-visitor limits see the visitor's address",
    async run(found) {
      needs(found.siteUp && found.pb, 'the site or PocketBase does not answer');
      const response = await request(new URL('/admin/health.json', found.site), {
        headers: { authorization: found.pb.token },
      });
      if (response.status === 404) throw new Fault('The site has no /admin/health.json.', 'Deploy this Chorus site.');
      if (!response.ok) throw new Fault(`The site's /admin/health.json answered ${response.status}.`);
      const { pocketbase } = await response.json();
      const fix =
        'Give the Worker and PocketBase the same CHORUS_PROXY_SECRET (wrangler secret put CHORUS_PROXY_SECRET; the server environment file), then restart PocketBase.';
      if (pocketbase.client.forwarded === 'untrusted') {
        throw new Fault(
          "PocketBase does not trust the site's visitor-address header: their CHORUS_PROXY_SECRETs differ, so every visitor counts as the Worker.",
          fix,
        );
      }
      if (pocketbase.client.forwarded === 'none') {
        throw new Fault('The site sends PocketBase no visitor address, so every visitor counts as the Worker.', fix);
      }
      return `PocketBase saw this visitor as ${pocketbase.client.address}`;
    },
  },
  {
    name: 'The Application URL matches the site',
    async run(found) {
      const report = needs(found.report, 'PocketBase does not report');
      const appOrigin = originOf(report.appUrl);
      if (appOrigin !== new URL(found.site).origin) {
        throw new Fault(
          `PocketBase's Application URL is ${report.appUrl} but the site is ${new URL(found.site).origin}: passkeys are refused and links in emails go elsewhere.`,
          `Set it to ${new URL(found.site).origin} in PocketBase (Settings → Application → Application URL).`,
        );
      }
      return appOrigin;
    },
  },
  {
    name: 'SMTP accepts a test message',
    async run(found) {
      const report = needs(found.report, 'PocketBase does not report');
      const fix = "Check the SMTP settings in PocketBase (Settings → Mail settings) and the mail server's address.";
      if (!report.mail.enabled) throw new Fault('PocketBase has no SMTP server set up: no email goes out.', fix);
      const { status } = await found.pb.send('/api/settings/test/email', {
        method: 'POST',
        body: JSON.stringify({ email: found.mailTo, template: 'verification' }),
      });
      if (status === 204 || status === 200) return `a test message to ${found.mailTo} was accepted`;
      const after = (await found.pb.send('/api/chorus/health')).body;
      const why = after?.mail?.lastError?.replace(/^GoError:\s*/, '') ?? `PocketBase answered ${status}`;
      throw new Fault(`${report.mail.host}:${report.mail.port} refused a test message: ${why}.`, fix);
    },
  },
  {
    name: 'The backup replica is fresh',
    async run(found) {
      const report = needs(found.report, 'PocketBase does not report');
      const { replica } = report;
      const fix = 'Start Litestream beside PocketBase (npm start does; see README "Backups and restore").';
      if (replica.kind === 'off') throw new Fault('Backups are off (CHORUS_REPLICA_DIR=off).', fix);
      if (replica.kind === 'remote') throw new Skip(`not visible from PocketBase: the replica is at ${replica.url}`);
      if (replica.kind === 'missing') throw new Fault(`No replica in ${replica.dir}.`, fix);
      const { body } = await found.pb.send('/api/chorus/health', { method: 'POST', body: '{}' });
      const deadline = Date.now() + REPLICA_WAIT_MS;
      for (;;) {
        const now = (await found.pb.send('/api/chorus/health')).body.replica;
        if (now.lastReplicatedAt >= body.heartbeatAt) return `a write reached ${now.dir}`;
        if (Date.now() > deadline) {
          const behind = Math.round((body.heartbeatAt - now.lastReplicatedAt) / 1000);
          throw new Fault(
            `A write did not reach the replica in ${now.dir} within ${REPLICA_WAIT_MS / 1000} s (its last copy is ${behind} s older): is Litestream running?`,
            fix,
          );
        }
        await sleep(250);
      }
    },
  },
  {
    name: 'Migrations are current',
    async run(found) {
      const { migrations } = needs(found.report, 'PocketBase does not report');
      if (migrations.pending.length > 0) {
        throw new Fault(`Not applied: ${migrations.pending.join(', ')}.`, 'Restart PocketBase to apply them.');
      }
      return `${migrations.applied} applied`;
    },
  },
  {
    name: 'PocketBase and Chorus versions',
    async run(found) {
      const { pocketbase, chorus } = needs(found.report, 'PocketBase does not report');
      const versions = `PocketBase ${pocketbase.version}, Chorus ${chorus.version} (this checkout: ${found.chorusVersion})`;
      if (pocketbase.version !== POCKETBASE_VERSION) {
        throw new Fault(
          `${versions}: Chorus needs PocketBase ${POCKETBASE_VERSION}.`,
          `Run PocketBase v${POCKETBASE_VERSION}.`,
        );
      }
      if (pocketbase.program === 'stock') {
        throw new Fault(
          `${versions}: a stock PocketBase, which refuses votes (Chorus counts them in its own PocketBase program).`,
          'Run bin/pocketbase of the chorus-server bundle (npm run build:server), not the release of pocketbase.io.',
        );
      }
      return versions;
    },
  },
];

/** The Worker's answer to PocketBase's signed publish, as a Fault unless it took it. */
function explainPublish(edge) {
  if (!edge) throw new Fault('PocketBase did not try to publish.');
  if (edge.status === 200) return;
  if (edge.error === 'not configured') {
    throw new Fault(
      'PocketBase has no EDGE_URL and EDGE_PURGE_SECRET, so nothing reaches the Worker.',
      "Set both in PocketBase's environment (EDGE_URL: the site's address) and restart it.",
    );
  }
  if (edge.status === 401)
    throw new Fault("The Worker refused PocketBase's publish: their EDGE_PURGE_SECRETs differ.", EDGE_SECRET_FIX);
  if (edge.status === 404)
    throw new Fault(`${edge.url} answered 404: the Worker has no EDGE_PURGE_SECRET.`, EDGE_SECRET_FIX);
  if (edge.status === 0) {
    throw new Fault(
      `PocketBase cannot reach the Worker at ${edge.url}: ${String(edge.error).replace(/^GoError:\s*/, '')}.`,
      "Set PocketBase's EDGE_URL to the site's address.",
    );
  }
  throw new Fault(`The Worker answered ${edge.status} to PocketBase's publish.`);
}

function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return String(url);
  }
}
