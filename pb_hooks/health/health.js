// What this PocketBase knows about its own health, for the admin health page, the monitoring endpoint and
// `npm run doctor` (pb_hooks/health/health.pb.js): version and uptime, sizes and disk free, the replica's freshness,
// edge publishes, mail sent and failed (counted in the one mail path, onMailerSend), retries waiting, pending
// migrations, and the address this request came from. Counters live in the app store: they start at zero
// with PocketBase.
const {
  HEALTH_STARTED_KEY: STARTED_KEY,
  HEALTH_VERSION_KEY: VERSION_KEY,
  HEALTH_MAIL_KEY: MAIL_KEY,
  HEALTH_EDGE_KEY: EDGE_KEY,
  HEALTH_SLOW_FIGURES_KEY: SLOW_FIGURES_KEY,
} = require(`${__hooks}/platform/contract/hook-hand-offs.js`);
/** How long the figures that are slow to find and change slowly are kept: the files' size, the disk's free space. */
const SLOW_FIGURES_MS = 60_000;
/** The doctor's heartbeat: one row it rewrites, so a write is known to have happened (and must reach the replica). */
const HEARTBEAT_TABLE = '_chorus_heartbeat';
const MAX_WALK = 20000;

function noteStarted(app) {
  app.store().set(STARTED_KEY, Date.now());
}

const { count, tallyOf: tally } = require(`${__hooks}/platform/tally.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);
const noteMail = (app, error) => count(app, MAIL_KEY, error);

function fileInfo(path) {
  try {
    return $os.stat(path);
  } catch {
    return null;
  }
}

/** Bytes and newest change (ms) of everything under `dir`, up to MAX_WALK entries. */
function walk(dir) {
  const found = { bytes: 0, newest: 0, files: 0 };
  const stack = [dir];
  while (stack.length > 0 && found.files < MAX_WALK) {
    const current = stack.pop();
    let entries = [];
    try {
      entries = $os.readDir(current);
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = `${current}/${entry.name()}`;
      if (entry.isDir()) {
        stack.push(path);
        continue;
      }
      const info = fileInfo(path);
      if (!info) continue;
      found.files += 1;
      found.bytes += info.size();
      found.newest = Math.max(found.newest, info.modTime().unixMilli());
    }
  }
  return found;
}

function run(name, ...args) {
  try {
    return toString($os.cmd(name, ...args).output());
  } catch {
    return '';
  }
}

/** "0.39.11", asked of the running binary once (its --version). */
function pocketbaseVersion(app) {
  let version = app.store().get(VERSION_KEY);
  if (!version) {
    version = /version\s+(\S+)/.exec(run($os.args[0], '--version'))?.[1] || 'unknown';
    app.store().set(VERSION_KEY, version);
  }
  return String(version);
}

function chorusVersion() {
  const named = $os.getenv('CHORUS_VERSION');
  if (named) return named;
  try {
    return JSON.parse(toString($os.readFile(`${__hooks}/../package.json`))).version || 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The files' size (a walk of every upload) and the disk's free space (a `df`), found at most once a minute: the
 * admin's health page asks every 5 s, and a walk of thousands of uploads cost ~110 ms of CPU per ask.
 */
function slowFigures(app, dataDir) {
  const kept = app.store().get(SLOW_FIGURES_KEY);
  const found = kept ? JSON.parse(String(kept)) : null;
  if (found && Date.now() - found.at < SLOW_FIGURES_MS) return found;
  const fresh = { at: Date.now(), filesBytes: walk(`${dataDir}/storage`).bytes, diskFreeBytes: diskFree(dataDir) };
  app.store().set(SLOW_FIGURES_KEY, JSON.stringify(fresh));
  return fresh;
}

/** Free bytes on the data folder's disk (`df`), or null where there is no `df`. */
function diskFree(dir) {
  const line = run('df', '-Pk', dir).trim().split('\n')[1] || '';
  const available = Number(line.split(/\s+/)[3]);
  return Number.isFinite(available) && line ? available * 1024 : null;
}

/** The flag PocketBase was started with (`--name=value`), or ''. */
function flag(name) {
  const prefix = `--${name}=`;
  const found = ($os.args || []).find((arg) => String(arg).indexOf(prefix) === 0);
  return found ? String(found).slice(prefix.length) : '';
}

/** Where Litestream keeps the replica (CHORUS_REPLICA_DIR, as `npm start` sets it; unset: beside the data). */
function replica(app, lastWrite) {
  const chosen = ($os.getenv('CHORUS_REPLICA_DIR') || '').trim();
  if (chosen === 'off') return { kind: 'off' };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(chosen)) return { kind: 'remote', url: chosen.replace(/\/\/[^@/]*@/, '//') };
  const dir = chosen || `${app.dataDir()}_replica`;
  const data = walk(`${dir}/data`);
  if (data.files === 0) return { kind: 'missing', dir };
  return { kind: 'local', dir, lastReplicatedAt: data.newest, lagMs: Math.max(0, lastWrite - data.newest) };
}

function migrations(app) {
  const dir = flag('migrationsDir') || `${app.dataDir()}/../pb_migrations`;
  let files = [];
  try {
    files = $os
      .readDir(dir)
      .map((entry) => entry.name())
      .filter((name) => /\.js$/.test(name));
  } catch {
    return { dir, pending: [], readable: false };
  }
  const rows = rowsOf(app, 'SELECT file FROM _migrations', { file: '' });
  const applied = new Set(rows.map((row) => String(row.file)));
  return { dir, applied: applied.size, pending: files.filter((file) => !applied.has(file)), readable: true };
}

function countOf(app, sql) {
  try {
    return require(`${__hooks}/platform/sql-count.js`).countOf(app, sql);
  } catch {
    return null;
  }
}

/** How this request reached PocketBase: through the site with the header PocketBase trusts, another one, or none. */
function clientOf(app, e) {
  // requestInfo's headers: lower case, "-" as "_".
  const key = (name) => String(name).toLowerCase().replace(/-/g, '_');
  const trusted = (app.settings().trustedProxy.headers || []).map(key).filter((name) => /^x_chorus_ip_/.test(name));
  const headers = e.requestInfo().headers || {};
  const sent = Object.keys(headers).filter((name) => /^x_chorus_ip_/.test(name) && headers[name]);
  const forwarded = sent.some((name) => trusted.includes(name)) ? 'trusted' : sent.length > 0 ? 'untrusted' : 'none';
  return { address: e.realIP(), forwarded };
}

/** Everything the health page shows, as numbers and words it can translate. */
function healthReport(app, e) {
  const { waitingToPublish, isConfigured } = require(`${__hooks}/platform/edge/edge-publish.js`);
  const dataDir = app.dataDir();
  const db = fileInfo(`${dataDir}/data.db`);
  const wal = fileInfo(`${dataDir}/data.db-wal`);
  const aux = fileInfo(`${dataDir}/auxiliary.db`);
  const lastWrite = Math.max(db ? db.modTime().unixMilli() : 0, wal ? wal.modTime().unixMilli() : 0);
  const started = Number(app.store().get(STARTED_KEY) || Date.now());
  const smtp = app.settings().smtp;
  const { filesBytes, diskFreeBytes } = slowFigures(app, dataDir);
  return {
    checkedAt: Date.now(),
    pocketbase: {
      version: pocketbaseVersion(app),
      // 'stock' where the host runs its own PocketBase: then votes are refused (platform/server-program.js).
      program: require(`${__hooks}/platform/server-program.js`).serverProgram(app),
      startedAt: started,
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
    },
    chorus: { version: chorusVersion() },
    appUrl: app.settings().meta.appURL,
    storage: {
      databaseBytes: (db ? db.size() : 0) + (wal ? wal.size() : 0),
      walBytes: wal ? wal.size() : 0,
      logsBytes: aux ? aux.size() : 0,
      filesBytes,
      diskFreeBytes,
      lastWriteAt: lastWrite,
    },
    replica: replica(app, lastWrite),
    edge: { configured: isConfigured(), ...waitingToPublish(app), ...tally(app, EDGE_KEY) },
    mail: { enabled: smtp.enabled, host: smtp.host, port: smtp.port, ...tally(app, MAIL_KEY) },
    retries: {
      webhooks: countOf(app, "SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'pending' AND attempts > 0"),
      trackers: countOf(app, "SELECT count(*) AS n FROM tracker_events WHERE status = 'pending' AND attempts > 0"),
    },
    migrations: migrations(app),
    // Ideas by meaning (ai/): the provider's model and how many ideas it has embedded (a re-index's progress).
    ai: require(`${__hooks}/ai/indexer.js`).indexStatus(app),
    // Exact origins that may be reached although not public (tests and development; platform/outbound/outbound.js).
    outboundAllow: require(`${__hooks}/platform/outbound/outbound.js`).allowedOrigins().join(', '),
    client: clientOf(app, e),
  };
}

/** A write now (the doctor's heartbeat), so the replica can be seen to take it; returns when (ms). */
function heartbeat(app) {
  const now = Date.now();
  app
    .db()
    .newQuery(`CREATE TABLE IF NOT EXISTS ${HEARTBEAT_TABLE} (id INTEGER PRIMARY KEY, at INTEGER NOT NULL)`)
    .execute();
  app.db().newQuery(`INSERT OR REPLACE INTO ${HEARTBEAT_TABLE} (id, at) VALUES (1, {:at})`).bind({ at: now }).execute();
  return now;
}

/**
 * One publish to the Worker, signed with PocketBase's own secret, now (not queued): a change nobody shows (a
 * reaction deleted from an idea that does not exist, which the doctor listens for) and the tags to purge.
 * Returns the Worker's answer: its status, or the error reaching it.
 */
function probeEdge(app, { post, reaction, tags }) {
  const { change, edgePublishUrl } = require(`${__hooks}/platform/edge/edge-publish.js`);
  const url = edgePublishUrl();
  if (!url) return { status: 0, error: 'not configured' };
  const changes = post && reaction ? [change(app, 'reactions', 'delete', { id: reaction }, post)] : [];
  try {
    const response = $http.send({
      url,
      method: 'POST',
      body: JSON.stringify({ changes, tags: tags || [] }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${$os.getenv('EDGE_PURGE_SECRET')}` },
      timeout: 10,
    });
    return { status: response.statusCode, url };
  } catch (error) {
    return { status: 0, url, error: String(error).slice(0, 300) };
  }
}

module.exports = { healthReport, heartbeat, noteMail, noteStarted, probeEdge };
