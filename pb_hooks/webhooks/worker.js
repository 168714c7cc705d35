// The delivery worker: sends due rows of webhook_deliveries (through platform/outbound/outbound.js), signs Standard Webhooks,
// records each attempt (time, response code, duration, a fixed reason: webhooks/attempts.js keeps every one),
// retries with exponential backoff, gives up after the configured attempts, and pauses an endpoint that keeps failing (emailing the admins once).
// Rows are claimed with a compare-and-set lease, so overlapping workers never send a row twice, and a
// worker that died mid-send (PocketBase restarted) leaves a lease that simply expires.
const { webhookConfig } = require(`${__hooks}/webhooks/config.js`);
const { sign } = require(`${__hooks}/webhooks/signature.js`);
const { notifyAdminsOfPause } = require(`${__hooks}/webhooks/pause-notice.js`);
const { recordAttempt } = require(`${__hooks}/webhooks/attempts.js`);
const { send: sendOutbound } = require(`${__hooks}/platform/outbound/outbound.js`);

// Standard endpoints and REST hooks are signed; a chat's URL is its own secret.
const SIGNED_KINDS = ['standard', 'rest_hook'];
const BUDGET_MS = 50_000; // stay under the cron minute so runs rarely overlap
const SLEEPER_KEY = require(`${__hooks}/platform/contract/hook-hand-offs.js`).WEBHOOKS_SLEEPING_KEY;
const { dateString } = require(`${__hooks}/platform/dates.js`);
const { runDueRows, retryAt } = require(`${__hooks}/platform/due-rows.js`);

function dueDeliveries(app, now) {
  return app.findRecordsByFilter(
    'webhook_deliveries',
    "status = 'pending' && next_attempt_at <= {:now} && webhook.paused = false",
    'next_attempt_at',
    20,
    0,
    { now: dateString(now) },
  );
}

function nextDueAt(app) {
  const [next] = app.findRecordsByFilter(
    'webhook_deliveries',
    "status = 'pending' && webhook.paused = false",
    'next_attempt_at',
    1,
    0,
  );
  return next ? next.getDateTime('next_attempt_at').unix() * 1000 : null;
}

function send(endpoint, delivery, config) {
  const body = delivery.getString('payload');
  const headers = { 'content-type': 'application/json', 'user-agent': 'Chorus-Webhooks/1' };
  if (SIGNED_KINDS.includes(endpoint.getString('kind'))) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const id = delivery.getString('message_id');
    headers['webhook-id'] = id;
    headers['webhook-timestamp'] = timestamp;
    headers['webhook-signature'] = sign(endpoint.getString('secret'), id, timestamp, body);
  }
  // platform/outbound/outbound.js checks the address again (DNS can change since the endpoint was saved), never follows a
  // redirect, and answers a status and a fixed reason: no body or connection error text reaches the log.
  const answer = sendOutbound({
    url: endpoint.getString('url'),
    method: 'POST',
    body,
    headers,
    timeoutSeconds: config.timeoutSeconds,
  });
  return { ok: answer.ok, code: answer.status, error: answer.reason };
}

function deliver(app, delivery, config) {
  const endpoint = app.findRecordById('webhooks', delivery.getString('webhook'));
  const startedMs = Date.now();
  const outcome = send(endpoint, delivery, config);
  outcome.durationMs = Date.now() - startedMs;
  recordAttempt(app, delivery.id, startedMs, outcome);
  const attempts = delivery.getInt('attempts') + 1;
  const fresh = app.findRecordById('webhook_deliveries', delivery.id);
  fresh.set('attempts', attempts);
  fresh.set('last_attempt_at', dateString(Date.now()));
  fresh.set('response_code', outcome.code);
  fresh.set('error', outcome.error);
  if (outcome.ok) fresh.set('status', 'delivered');
  else if (attempts >= config.maxAttempts) fresh.set('status', 'failed');
  else fresh.set('next_attempt_at', retryAt(attempts, config.retryBaseSeconds));
  app.save(fresh);

  // A REST hook's target answering 410 Gone has been switched off (Zapier's contract): the subscription goes.
  if (endpoint.getString('kind') === 'rest_hook' && outcome.code === 410) {
    require(`${__hooks}/webhooks/rest-hooks.js`).removeGone(app, endpoint);
    return;
  }

  // The counter and an automatic pause are written by single UPDATEs, never by saving a copy read
  // earlier: an admin pausing or resuming the endpoint meanwhile is never overwritten.
  const db = app.db();
  if (outcome.ok) {
    db.newQuery('UPDATE webhooks SET failure_count = 0 WHERE id = {:id} AND failure_count != 0')
      .bind({ id: endpoint.id })
      .execute();
    return;
  }
  db.newQuery('UPDATE webhooks SET failure_count = failure_count + 1 WHERE id = {:id}')
    .bind({ id: endpoint.id })
    .execute();
  const latest = app.findRecordById('webhooks', endpoint.id);
  if (latest.getBool('paused') || latest.getInt('failure_count') < config.pauseAfterFailures) return;
  const paused = db
    .newQuery('UPDATE webhooks SET paused = TRUE, paused_at = {:at} WHERE id = {:id} AND paused = FALSE')
    .bind({ id: endpoint.id, at: dateString(Date.now()) })
    .execute();
  if (paused.rowsAffected() > 0) notifyAdminsOfPause(app, app.findRecordById('webhooks', endpoint.id), outcome);
}

// Sends everything due; while the next retry falls within this run's budget, waits for it (one worker
// at a time waits; the others leave it to that one or to the next cron minute).
function runWorker(app) {
  const config = webhookConfig();
  runDueRows(app, {
    table: 'webhook_deliveries',
    leaseMs: (config.timeoutSeconds + 30) * 1000,
    budgetMs: BUDGET_MS,
    sleeperKey: SLEEPER_KEY,
    due: (now) => dueDeliveries(app, now),
    send: (delivery) => deliver(app, delivery, config),
    nextDueAt: () => nextDueAt(app),
    failed: (delivery, error) =>
      app.logger().error('Delivering a webhook failed', 'delivery', delivery.id, 'error', String(error)),
  });
}

module.exports = { runWorker };
