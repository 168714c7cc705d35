/// <reference path="../../pb_data/types.d.ts" />
// Runs the webhook delivery worker (pb_hooks/webhooks/worker.js): every minute from the cron, and
// at once when a write queues a delivery (webhooks/kick.js explains why through the cron route).
// Each run sends every due row, so deliveries queued before a restart go out at the next minute or
// with the next write, whichever comes first. (No router middleware wakes it on start: that would put
// JavaScript on every request PocketBase serves, reads included.)
cronAdd(require(`${__hooks}/platform/contract/hand-offs.js`).WEBHOOKS_JOB, '* * * * *', () => {
  // Incoming and outgoing tracker events first (issue #26): the same durable queue pattern, kicked the same way.
  require(`${__hooks}/trackers/engine.js`).runTrackerQueue($app);
  const { runWorker } = require(`${__hooks}/webhooks/worker.js`);
  runWorker($app);
});

// The delivery history keeps 30 days of finished deliveries, with each one's attempts.
cronAdd(require(`${__hooks}/platform/contract/hook-hand-offs.js`).WEBHOOKS_CLEANUP_JOB, '17 3 * * *', () => {
  const cutoff = require(`${__hooks}/platform/dates.js`).dateString(Date.now() - 30 * 24 * 3600_000);
  $app
    .db()
    .newQuery("DELETE FROM webhook_deliveries WHERE status != 'pending' AND created < {:cutoff}")
    .bind({ cutoff })
    .execute();
  require(`${__hooks}/webhooks/attempts.js`).pruneOrphanAttempts($app);
});
