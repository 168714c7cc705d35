// PocketBase's one channel to the site's Worker: committed public changes (for the live sockets at the edge)
// and cache tags to purge are queued in memory by the writes' after-commit hooks and sent together, in one
// POST /edge/publish per batch, by the `chorus_edge_publish` job on its own goroutine (woken by $jobs.wake,
// as the webhook worker is: webhooks/kick.js), so no write waits for the Worker.
//
// EDGE_URL (the site's origin; EDGE_PURGE_URL's origin also works) and EDGE_PURGE_SECRET: unset, nothing is
// queued. The queue lives in PocketBase's app store: a crash loses at most the batch in flight, which the
// pages' expiry (cached text) and the sockets' catch-up (counts) repair.
const { EDGE_PUBLISH_JOB: JOB_ID, EDGE_QUEUE_KEY: QUEUE_KEY, EDGE_SEQ_KEY: SEQ_KEY, HEALTH_EDGE_KEY } = require(
  `${__hooks}/platform/contract/hook-hand-offs.js`,
);
/** Counts a publish for the health page (null: it worked). */
const noteEdgePublish = (app, error) => require(`${__hooks}/platform/tally.js`).count(app, HEALTH_EDGE_KEY, error);
/** Past this many waiting changes (the Worker unreachable for long), the oldest changes are dropped; tags are kept. */
const MAX_WAITING_CHANGES = 5000;
/** The Worker's limits per call (src/edge/publish.ts). */
const MAX_CHANGES_PER_CALL = 500;
const MAX_TAGS_PER_CALL = 100;

function edgeUrl() {
  const explicit = $os.getenv('EDGE_URL');
  const legacy = $os.getenv('EDGE_PURGE_URL');
  const base = explicit || (legacy ? legacy.replace(/^(https?:\/\/[^/]+).*$/, '$1') : '');
  return base && $os.getenv('EDGE_PURGE_SECRET') ? `${base.replace(/\/+$/, '')}/edge/publish` : '';
}

const isConfigured = () => edgeUrl() !== '';

/** What waits to go to the Worker (the health page): changes and tags, and when a failed send is retried. */
function waitingToPublish(app) {
  const queue = parse(app.store().get(QUEUE_KEY));
  return { pendingChanges: queue.changes.length, pendingTags: queue.tags.length, retryAt: queue.retryAt || 0 };
}

/** A number that only grows, across restarts too (microseconds since 1970, bumped past the last one). */
function nextSeq(app) {
  let seq = 0;
  app.store().setFunc(SEQ_KEY, (old) => {
    seq = Math.max(Number(old || 0) + 1, Date.now() * 1000);
    return seq;
  });
  return seq;
}

const emptyQueue = () => ({ running: false, changes: [], tags: [], retryAt: 0, wokenAt: 0 });
/**
 * A write's hooks queue several times (its tags, its change, the idea's recount): one wake-up serves them all
 * until the job has taken the queue, unless it has not come within this long (a lost wake-up).
 */
const WAKE_WAIT_MS = 2000;
/** After a failed call, writes stop waking the job for this long (the minute's run still tries). */
const RETRY_AFTER_MS = 5000;
const parse = (value) => (value ? JSON.parse(String(value)) : emptyQueue());

/** Queues changes and tags; wakes the job unless it is already running (it will find them). */
function enqueue(app, { changes = [], tags = [] }) {
  if (!isConfigured() || (changes.length === 0 && tags.length === 0)) return;
  let wake = false;
  app.store().setFunc(QUEUE_KEY, (old) => {
    const queue = parse(old);
    queue.changes.push(...changes);
    if (queue.changes.length > MAX_WAITING_CHANGES) queue.changes.splice(0, queue.changes.length - MAX_WAITING_CHANGES);
    queue.tags = [...new Set([...queue.tags, ...tags])];
    const now = Date.now();
    wake = !queue.running && now >= (queue.retryAt ?? 0) && now - (queue.wokenAt ?? 0) >= WAKE_WAIT_MS;
    if (wake) queue.wokenAt = now;
    return JSON.stringify(queue);
  });
  if (wake) require(`${__hooks}/webhooks/kick.js`).kickJob(app, JOB_ID);
}

/** Takes everything waiting and marks the job running; null when another run holds it or nothing waits. */
function take(app, { first }) {
  let taken = null;
  app.store().setFunc(QUEUE_KEY, (old) => {
    const queue = parse(old);
    if (first && queue.running) return old;
    if (queue.changes.length === 0 && queue.tags.length === 0) {
      queue.running = false;
      return JSON.stringify(queue);
    }
    taken = { changes: queue.changes, tags: queue.tags };
    return JSON.stringify({ running: true, changes: [], tags: [], retryAt: 0, wokenAt: 0 });
  });
  return taken;
}

/** Puts a batch the Worker did not take back in front, and stops running (the next write or minute retries). */
function giveBack(app, batch) {
  app.store().setFunc(QUEUE_KEY, (old) => {
    const queue = parse(old);
    const changes = [...batch.changes, ...queue.changes].slice(-MAX_WAITING_CHANGES);
    const tags = [...new Set([...batch.tags, ...queue.tags])];
    return JSON.stringify({ running: false, changes, tags, retryAt: Date.now() + RETRY_AFTER_MS });
  });
}

function release(app) {
  app.store().setFunc(QUEUE_KEY, (old) => JSON.stringify({ ...parse(old), running: false }));
}

/**
 * An idea's live copy may change several times in one batch, and after-commit hooks may queue them out of
 * order: send each idea once, as its row reads now (gone: deleted), under the batch's newest seq for it.
 */
function currentIdeas(app, changes) {
  const ideas = new Map();
  const others = [];
  for (const change of changes) {
    if (change.collection !== 'post_live') {
      others.push(change);
      continue;
    }
    const known = ideas.get(change.record.id);
    ideas.set(change.record.id, {
      seq: Math.max(change.seq, known?.seq ?? 0),
      created: known ? known.created : change.action === 'create',
    });
  }
  const rows = ideas.size > 0 ? app.findRecordsByIds('post_live', [...ideas.keys()]) : [];
  const found = new Map(rows.filter(Boolean).map((row) => [row.id, row]));
  const out = [];
  for (const [id, { seq, created }] of ideas) {
    const live = found.get(id);
    if (!live) out.push({ seq, collection: 'post_live', action: 'delete', record: { id } });
    else out.push({ seq, collection: 'post_live', action: created ? 'create' : 'update', record: publicFields(live) });
  }
  return [...out, ...others].sort((a, b) => a.seq - b.seq);
}

/** The fields anyone may read of a record (PocketBase's own public export: hidden fields left out). */
function publicFields(record) {
  const exported = JSON.parse(JSON.stringify(record.publicExport()));
  delete exported.collectionId;
  return exported;
}

/** One POST per slice of the batch; false when the Worker did not take it (then the batch waits). */
function send(app, batch) {
  const url = edgeUrl();
  const secret = $os.getenv('EDGE_PURGE_SECRET');
  const changes = currentIdeas(app, batch.changes);
  const calls = Math.max(
    Math.ceil(changes.length / MAX_CHANGES_PER_CALL),
    Math.ceil(batch.tags.length / MAX_TAGS_PER_CALL),
    1,
  );
  for (let i = 0; i < calls; i++) {
    const body = {
      changes: changes.slice(i * MAX_CHANGES_PER_CALL, (i + 1) * MAX_CHANGES_PER_CALL),
      tags: batch.tags.slice(i * MAX_TAGS_PER_CALL, (i + 1) * MAX_TAGS_PER_CALL),
    };
    try {
      const response = $http.send({
        url,
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        timeout: 10,
      });
      noteEdgePublish(app, response.statusCode === 200 ? null : `HTTP ${response.statusCode}`);
      if (response.statusCode === 200) continue;
      app
        .logger()
        .warn('Edge publish refused', 'status', response.statusCode, 'body', String(response.raw).slice(0, 300));
      // A refused body (400: not public, 401: wrong secret) would be refused again: not retried.
      if (response.statusCode >= 400 && response.statusCode < 500) continue;
    } catch (error) {
      app.logger().warn('Edge publish failed', 'error', String(error));
      noteEdgePublish(app, error);
    }
    return { changes: changes.slice(i * MAX_CHANGES_PER_CALL), tags: batch.tags.slice(i * MAX_TAGS_PER_CALL) };
  }
  return null;
}

/** The job: sends batches until nothing waits. Runs on its own goroutine (cron, or woken by a write). */
function runPublisher(app) {
  if (!isConfigured()) return;
  let batch = take(app, { first: true });
  try {
    while (batch) {
      const unsent = send(app, batch);
      if (unsent) {
        giveBack(app, unsent);
        batch = null;
        return;
      }
      batch = take(app, { first: false });
    }
  } catch (error) {
    app.logger().error('Edge publisher failed', 'error', String(error));
    release(app);
  }
}

/** A committed change to a public record, as a change to queue (with a seq taken now). */
function change(app, collection, action, record, post) {
  return { seq: nextSeq(app), collection, action, record, ...(post && { post }) };
}

module.exports = {
  JOB_ID,
  enqueue,
  runPublisher,
  change,
  publicFields,
  isConfigured,
  waitingToPublish,
  edgePublishUrl: edgeUrl,
};
