// The delivery log's rows: one per attempt (time, response code, duration, and as `error` one fixed reason from
// platform/outbound/outbound.js REASONS, never a body or connection error), written by the worker after each send, and pruned
// with the deliveries they belong to.
const { dateString } = require(`${__hooks}/platform/dates.js`);

/** Notes one attempt of `deliveryId`, begun at `startedMs`, with its outcome {code, error, durationMs}. */
function recordAttempt(app, deliveryId, startedMs, outcome) {
  const collection = app.findCachedCollectionByNameOrId('webhook_attempts');
  const row = new Record(collection);
  row.set('delivery', deliveryId);
  row.set('attempted_at', dateString(startedMs));
  row.set('response_code', outcome.code);
  row.set('duration_ms', Math.max(0, Math.round(outcome.durationMs)));
  row.set('error', outcome.error);
  app.save(row);
}

/** Deletes the attempts of deliveries that no longer exist (the daily cleanup removes those by SQL). */
function pruneOrphanAttempts(app) {
  app.db().newQuery('DELETE FROM webhook_attempts WHERE delivery NOT IN (SELECT id FROM webhook_deliveries)').execute();
}

module.exports = { recordAttempt, pruneOrphanAttempts };
