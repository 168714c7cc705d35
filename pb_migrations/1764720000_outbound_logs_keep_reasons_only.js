/// <reference path="../pb_data/types.d.ts" />
// The delivery and tracker logs keep a status and one fixed reason (pb_hooks/platform/outbound/outbound.js REASONS), never a
// receiver's answer or a connection error: what earlier versions wrote there (the first 300 characters of an
// error body, "dial tcp 127.0.0.1:1: connect: connection refused") becomes the reason "failed". A snapshot:
// the reasons are listed literally. Nothing to restore on the way down.
const REASONS = [
  'refused_url',
  'refused_address',
  'unresolved',
  'unavailable',
  'connect_failed',
  'timeout',
  'tls_failed',
  'too_large',
  'redirect_refused',
  'http_4xx',
  'http_5xx',
  'failed',
];
const known = REASONS.map((reason) => `'${reason}'`).join(', ');

migrate(
  (app) => {
    for (const table of ['webhook_attempts', 'webhook_deliveries']) {
      app.db().newQuery(`UPDATE ${table} SET error = 'failed' WHERE error != '' AND error NOT IN (${known})`).execute();
    }
    // Tracker rows: what callTracker threw ("unreachable (<dial error>)", "answered 502") becomes its reason.
    app
      .db()
      .newQuery(
        "UPDATE tracker_events SET error = 'failed' WHERE error LIKE 'unreachable (%' OR error LIKE 'answered %'",
      )
      .execute();
  },
  () => {},
);
