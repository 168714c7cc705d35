// Wakes a queue's job without making the caller wait for its work.
//
// Why this way: PocketBase 0.39's JSVM has no goroutines or timers for scripts; every hook and route
// runs on the request's goroutine, so sending from an after-success hook would hold the writer's
// response for as long as the receiver takes ($http.send blocks up to its timeout). Cron jobs do run
// on their own goroutine, but the cron ticks once a minute at best (PocketBase's github.com/pocketbase/pocketbase/tools/cron: a 1-minute interval;
// shortening it would also repeat PocketBase's own jobs such as backups). Chorus's PocketBase gives the hooks
// `$jobs.wake(id)` (server/cmd/pocketbase/jobs.go), which runs a registered job at once on its own goroutine,
// as PocketBase's superuser route `POST /api/crons/{id}` does, without the loopback request that route took (a
// superuser looked up, a token signed, a request routed and authenticated: issue 35). So a write queues its
// rows, then wakes the job, and the deliveries happen beside the request. If the job cannot be woken (a CLI
// command, which serves nothing), the same job still runs every minute and finds the queued rows.
const JOB_ID = require(`${__hooks}/platform/contract/hand-offs.js`).WEBHOOKS_JOB;

function kickWorker(app) {
  kickJob(app, JOB_ID);
}

/** Runs cron job `jobId` now, on its own goroutine (also the edge publisher's, the notifications', …). */
function kickJob(app, jobId) {
  if (typeof $jobs === 'undefined') return; // a stock PocketBase (platform/server-program.js): the job's minute
  try {
    $jobs.wake(jobId);
  } catch (error) {
    app.logger().warn('Waking a job failed', 'job', jobId, 'error', String(error));
  }
}

module.exports = { JOB_ID, kickWorker, kickJob };
