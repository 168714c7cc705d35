// The whole local Chorus: a mail catcher, an AI embeddings stand-in, PocketBase with the migrations, a seeded demo, and the site.
// `npm start` runs it on fixed ports; the end-to-end tests run it on free ports and a temp folder.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startAiStandIn } from './ai-stand-in.mjs';
import { keepEarlierReplica, startReplication } from './backups/replicator.mjs';
import { configurePocketBase, connectAsSuperuser } from './configure-pocketbase.mjs';
import { demoPassword, operatorCredentials, saveDemoPassword, savedDemoPassword } from './credentials.mjs';
import { startInboundSmtp } from './inbound-smtp.mjs';
import { startMailCatcher } from './mail-catcher.mjs';
import { supervisePocketBase } from './pocketbase-supervisor.mjs';
import { assertPortFree } from './ports.mjs';
import { setDemoPassword } from './seed/demo-password.mjs';
import { hasContent, seedDemo } from './seed/index.mjs';
import { buildSite, ensureSiteBuilt, startSite } from './site-server.mjs';
import { copyStackTemplate } from './stack-template.mjs';
import { startTurnstileStandIn } from './turnstile-stand-in.mjs';

/**
 * Seeds the demo on first run; on a later one gives the demo accounts CHORUS_DEMO_PASSWORD if it changed.
 * @returns {Promise<string | undefined>} the password the demo accounts have (none when there is no demo)
 */
async function demoAccounts(admin, dataDir, { seed, log }) {
  const password = demoPassword(dataDir);
  const marker = join(dataDir, 'chorus-seeded');
  if (seed && !existsSync(marker) && !(await hasContent(admin))) {
    log('Seeding the demo…');
    await seedDemo(admin, { password });
    saveDemoPassword(dataDir, password);
    writeFileSync(marker, new Date().toISOString());
  } else if (existsSync(marker) && password !== savedDemoPassword(dataDir)) {
    const written = new Date(readFileSync(marker, 'utf8').trim());
    const seededAt = Number.isNaN(written.getTime()) ? statSync(marker).mtime : written;
    const changed = await setDemoPassword(admin, { password, seededAt });
    saveDemoPassword(dataDir, password);
    const from = process.env.CHORUS_DEMO_PASSWORD ? ' (CHORUS_DEMO_PASSWORD)' : '';
    log(`Demo password changed to ${password}${from} for the ${changed} demo accounts the seed created.`);
  }
  return existsSync(marker) ? password : undefined;
}

/**
 * `pocketbaseEnv`: more of PocketBase's environment (e.g. CHORUS_LOG_SUCCESSFUL_REQUESTS for a test).
 * `inboundSmtpPort`: where the inbound SMTP listener (ideas by email, tools/lib/inbound-smtp.mjs) takes mail for
 *   CHORUS_INBOUND_DOMAIN (inbound.chorus.localhost unless set); without it none is started.
 * @param {{ dataDir: string, sitePort: number, pbPort: number, smtpPort: number, mailWebPort?: number,
 *   inboundSmtpPort?: number,
 *   pocketbaseEnv?: Record<string, string>,
 *   externalPbUrl?: string, publicPbUrl?: string, dev?: boolean, build?: 'always' | 'if-missing', seed?: boolean,
 *   replicaDir?: string, quiet?: boolean, log?: (line: string) => void, siteHost?: string,
 *   runWorker?: Function, fromTemplate?: boolean, pocketbaseTree?: string }} options
 *   `replicaDir`: keep a continuous backup there (Litestream); tests and benches leave it out.
 *   `siteHost`: the site's host name (npm start: localhost); other names of it redirect there.
 *   `runWorker`: what runs the built Worker (startSite's; the memory bench's before runs `astro preview`).
 *   `fromTemplate`: an empty `dataDir` starts as a copy of a made-once folder (lib/stack-template.mjs): tests only.
 *   `pocketbaseTree`: another revision's server-side tree (lib/bench/revision-tree.mjs): its PocketBase program, hooks
 *   and migrations run instead of this checkout's (a bench's "before" side).
 */
export async function startStack(options) {
  const { dataDir, sitePort, pbPort, smtpPort, mailWebPort, externalPbUrl, dev = false, quiet = true } = options;
  const log = options.log ?? (() => {});
  await assertPortFree(sitePort, 'the site', 'PORT');
  if (!externalPbUrl) {
    await assertPortFree(pbPort, 'PocketBase', 'PB_PORT');
    await assertPortFree(smtpPort, 'the mail catcher (SMTP)', 'SMTP_PORT');
    if (mailWebPort) await assertPortFree(mailWebPort, 'the mail catcher inbox', 'MAIL_PORT');
    if (options.inboundSmtpPort)
      await assertPortFree(options.inboundSmtpPort, 'the inbound SMTP listener', 'INBOUND_SMTP_PORT');
  }
  const stoppers = [];
  let pocketbase;
  let replication;
  let stopping;
  // Once: a second Ctrl-C joins the shutdown under way instead of stopping everything again.
  const stop = () => {
    // First, before any await: Ctrl-C reaches PocketBase too, and its exit is this shutdown, not a crash.
    pocketbase?.holdDown();
    replication?.holdDown();
    stopping ??= (async () => {
      for (const stopOne of [...stoppers].reverse()) await stopOne().catch(() => {});
    })();
    return stopping;
  };
  try {
    // The site's address (PocketBase's Application URL, the passkeys' relying party): `siteHost` names it (npm start:
    // localhost, as browsers refuse an IP address for passkeys) and the Worker sends page requests on other names
    // there. Without it (tests) the site is 127.0.0.1 and no name is redirected. PocketBase reaches it on 127.0.0.1.
    const siteUrl = `http://${options.siteHost ?? '127.0.0.1'}:${sitePort}`;
    const localSiteUrl = `http://127.0.0.1:${sitePort}`;
    // The site names its visitors' addresses in the header this secret names, so PocketBase's rate limits count per
    // visitor (pb_hooks/platform/client-address.pb.js). A local PocketBase gets a fresh one on every start.
    const proxySecret = externalPbUrl ? process.env.CHORUS_PROXY_SECRET : randomBytes(24).toString('hex');
    // PocketBase publishes each committed public change (the live sockets) and the pages to purge to the
    // site's Worker with this secret (pb_hooks/platform/edge/edge-publish.pb.js). `astro dev` runs the same Worker entry.
    const edgePurgeSecret = randomBytes(24).toString('hex');
    const edgeEnv = { EDGE_URL: localSiteUrl, EDGE_PURGE_SECRET: edgePurgeSecret };
    let pbUrl = externalPbUrl;
    let mail;
    let inbound;
    /** @type {string | undefined} */
    let aiUrl;
    let superuser;
    let password;
    if (!externalPbUrl) {
      mail = await startMailCatcher({ smtpPort, webPort: mailWebPort });
      stoppers.push(mail.close);
      // Turnstile's siteverify, locally (tools/lib/turnstile-stand-in.mjs): an admin who enters Cloudflare's test
      // keys sees the whole check work offline. An operator's own CHORUS_TURNSTILE_VERIFY_URL wins.
      const turnstile = process.env.CHORUS_TURNSTILE_VERIFY_URL
        ? null
        : await startTurnstileStandIn({ hostname: new URL(siteUrl).hostname });
      if (turnstile) stoppers.push(turnstile.stop);
      const turnstileEnv = turnstile
        ? {
            CHORUS_TURNSTILE_VERIFY_URL: turnstile.url,
            CHORUS_OUTBOUND_ALLOW: [process.env.CHORUS_OUTBOUND_ALLOW, turnstile.origin].filter(Boolean).join(','),
          }
        : {};
      // An OpenAI-compatible embeddings API, locally (tools/lib/ai-stand-in.mjs, a real small English model): similar
      // ideas by meaning work offline. An operator's own CHORUS_AI_URL wins (empty or `off` for none: not the
      // Worker's Workers AI route, which has no local simulation).
      const named = process.env.CHORUS_AI_URL;
      const ai = named === undefined ? await startAiStandIn() : null;
      if (ai) stoppers.push(ai.stop);
      const aiEnv = ai
        ? { CHORUS_AI_URL: ai.url, CHORUS_AI_EMBEDDING_MODEL: ai.model }
        : { CHORUS_AI_URL: named && named !== 'off' ? named : 'off' };
      aiUrl = ai?.url ?? (named && named !== 'off' ? named : undefined);
      superuser = operatorCredentials(dataDir);
      const earlierReplica = options.replicaDir && keepEarlierReplica(dataDir, options.replicaDir);
      if (earlierReplica)
        log(`The replica of an earlier ${dataDir} was moved aside, still restorable: ${earlierReplica}`);
      // Where the replica is, for the health page (pb_hooks/health/health.js); 'off' without one.
      const pocketbaseEnv = {
        CHORUS_REPLICA_DIR: options.replicaDir ?? 'off',
        CHORUS_INBOUND_DOMAIN: process.env.CHORUS_INBOUND_DOMAIN || 'inbound.chorus.localhost',
        ...turnstileEnv,
        ...aiEnv,
        ...options.pocketbaseEnv,
        ...edgeEnv,
      };
      const seed = options.seed !== false;
      if (options.fromTemplate && !existsSync(join(dataDir, 'data.db'))) {
        await copyStackTemplate({
          dataDir,
          seed,
          env: pocketbaseEnv,
          proxySecret,
          prepare: async (admin, folder) => {
            await configurePocketBase(admin, { siteUrl, smtp: { host: '127.0.0.1', port: smtpPort } });
            await demoAccounts(admin, folder, { seed, log });
          },
        });
        superuser = operatorCredentials(dataDir);
      }
      log('Starting PocketBase…');
      pocketbase = await supervisePocketBase(
        { dataDir, port: pbPort, superuser, watch: dev, proxySecret, env: pocketbaseEnv, ...pocketbaseOf(options) },
        log,
      );
      // PocketBase stops first, so Litestream's last sync holds its last write.
      stoppers.push(async () => {
        await pocketbase.stop();
        await replication?.stop();
      });
      pbUrl = pocketbase.url;
      if (options.inboundSmtpPort) {
        inbound = await startInboundSmtp({ port: options.inboundSmtpPort, pbUrl, proxySecret, log });
        stoppers.push(inbound.close);
      }
      if (options.replicaDir) {
        // No backups is no reason not to start (e.g. no Go to build Litestream with): say so and go on.
        replication = await startReplication({ dataDir, replicaDir: options.replicaDir, log }).catch((error) => {
          log(`Backups are OFF: ${error instanceof Error ? error.message : error}`);
          return undefined;
        });
        if (replication) log(`Backing up continuously to ${replication.replicaDir} (Litestream).`);
      }
      const admin = await connectAsSuperuser(pbUrl, superuser);
      await configurePocketBase(admin, { siteUrl, smtp: { host: '127.0.0.1', port: smtpPort } });
      password = await demoAccounts(admin, dataDir, { seed, log });
    }
    if (!dev && options.build === 'always') {
      log('Building the site…');
      await buildSite({ quiet });
    } else if (!dev) {
      // Stacks started at once (test files) share one build of a missing site.
      await ensureSiteBuilt({ quiet, building: () => log('Building the site…') });
    }
    log(dev ? 'Starting the site with hot reload…' : 'Starting the site in workerd…');
    const site = await startSite({
      port: sitePort,
      siteUrl: options.siteHost ? siteUrl : undefined,
      pbUrl,
      publicPbUrl: options.publicPbUrl,
      proxySecret,
      edgePurgeSecret,
      dev,
      quiet,
      // A throwaway stack (its data in the temp folder: the tests' and benches' own) keeps workerd's state with its
      // data, so stacks side by side never share a Durable Object's SQLite file; npm start's stays in .wrangler/state.
      stateDir: resolve(dataDir).startsWith(tmpdir()) ? join(dataDir, 'workerd-state') : undefined,
      ...(options.runWorker && { runWorker: options.runWorker }),
    });
    stoppers.push(site.stop);
    /** Stops PocketBase alone and starts it again on the same folder and port (fault tests). */
    const restartPocketBase = async (downMs = 0) => {
      await pocketbase.stop();
      await new Promise((r) => setTimeout(r, downMs));
      await pocketbase.start();
    };
    return {
      siteUrl,
      originUrl: site.originUrl,
      /** The local edge's purge counts (GET: calls, refused, tokens) and its purge endpoint (the Worker's). */
      edgeStatsUrl: site.edgeStatsUrl,
      edgePurgeUrl: site.edgePurgeUrl,
      /** The site's server process (workerd running the Worker; in dev, `astro dev`), for CPU figures. */
      sitePid: site.process.pid,
      edgePurgeSecret,
      /** The secret the site vouches for its visitors' addresses with (benchmarks act as many visitors). */
      proxySecret,
      pbUrl,
      mail,
      /** The inbound SMTP listener (ideas by email), when `inboundSmtpPort` was given. */
      inbound,
      /** The AI provider's base URL PocketBase embeds with (the local stand-in's unless CHORUS_AI_URL was set). */
      aiUrl,
      superuser,
      demoPassword: password,
      stop,
      /** The running PocketBase; its `stop()` keeps it down until `restartPocketBase()`. */
      pocketbase: () => pocketbase && { ...pocketbase.current(), stop: () => pocketbase.stop() },
      restartPocketBase,
      /** The continuous backup, when `replicaDir` was given. */
      replication,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** PocketBase's program, hooks and migrations from `pocketbaseTree` when one is given (else this checkout's). */
const pocketbaseOf = ({ pocketbaseTree: tree }) =>
  tree ? { tree, hooksDir: join(tree, 'pb_hooks'), bin: join(tree, 'pocketbase') } : {};
