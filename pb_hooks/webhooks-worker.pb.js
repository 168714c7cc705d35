/// <reference path="../pb_data/types.d.ts" />
// Runs the webhook delivery worker (pb_hooks/lib/webhooks/worker.js): every minute from the cron, at
// once when a write queues a delivery (lib/webhooks/kick.js explains why through the cron route), and
// on the first request after PocketBase starts, so deliveries queued before a restart resume.
cronAdd('chorus_webhooks', '* * * * *', () => {
  const { runWorker } = require(`${__hooks}/lib/webhooks/worker.js`);
  runWorker($app);
});

// The delivery history keeps 30 days of finished deliveries.
cronAdd('chorus_webhooks_cleanup', '17 3 * * *', () => {
  const cutoff = new Date(Date.now() - 30 * 24 * 3600_000).toISOString().replace('T', ' ');
  $app
    .db()
    .newQuery("DELETE FROM webhook_deliveries WHERE status != 'pending' AND created < {:cutoff}")
    .bind({ cutoff })
    .execute();
});

// The first request served after a start wakes the worker once.
routerUse((e) => {
  const BOOT_KEY = 'chorus.webhooks.booted';
  if (!e.app.store().has(BOOT_KEY)) {
    e.app.store().set(BOOT_KEY, true);
    const { kickWorker } = require(`${__hooks}/lib/webhooks/kick.js`);
    kickWorker(e.app);
  }
  return e.next();
});
