// Wakes the delivery worker without making the caller wait for deliveries.
//
// Why this way: PocketBase 0.39's JSVM has no goroutines or timers for scripts; every hook and route
// runs on the request's goroutine, so sending from an after-success hook would hold the writer's
// response for as long as the receiver takes ($http.send blocks up to its timeout). Cron jobs do run
// on their own goroutine, but the cron ticks once a minute at best (tools/cron: 1-minute interval;
// shortening it would also repeat PocketBase's own jobs such as backups). The superuser route
// `POST /api/crons/{id}` (apis/cron.go cronRun) runs a registered job in a new goroutine and answers
// 204 at once. So a write queues its rows, then asks its own PocketBase over loopback to run the
// `chorus_webhooks` job: the request returns in about a millisecond and the deliveries happen beside
// it. If the kick fails, the same job still runs every minute and finds the queued rows.
const JOB_ID = 'chorus_webhooks';

// This PocketBase's loopback URL, from the `serve` command line (JSVM cannot hook OnServe); empty when
// not serving plain HTTP (a CLI command, or --https), where the cron minute alone delivers.
function selfUrl() {
  const args = Array.from($os.args, String);
  if (!args.includes('serve') || args.some((arg) => arg.startsWith('--https'))) return '';
  const index = args.findIndex((arg) => arg === '--http' || arg.startsWith('--http='));
  const value = index < 0 ? '127.0.0.1:8090' : args[index].split('=')[1] || args[index + 1] || '';
  const colon = value.lastIndexOf(':');
  const host = value.slice(0, colon);
  const port = value.slice(colon + 1);
  if (!/^\d+$/.test(port)) return '';
  return `http://${!host || host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${port}`;
}

function kickWorker(app) {
  kickJob(app, JOB_ID);
}

/** Asks this PocketBase to run cron job `jobId` now, on its own goroutine (also the edge publisher's). */
function kickJob(app, jobId) {
  const self = selfUrl();
  if (!self) return;
  try {
    const [superuser] = app.findRecordsByFilter('_superusers', '', '', 1, 0);
    if (!superuser) return;
    const answer = $http.send({
      url: `${self}/api/crons/${jobId}`,
      method: 'POST',
      headers: { Authorization: superuser.newAuthToken() },
      timeout: 2,
    });
    if (answer.statusCode !== 204) app.logger().warn('Waking a job failed', 'job', jobId, 'status', answer.statusCode);
  } catch (error) {
    app.logger().warn('Waking a job failed', 'job', jobId, 'error', String(error));
  }
}

module.exports = { JOB_ID, kickWorker, kickJob };
