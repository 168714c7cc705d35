/// <reference path="../../pb_data/types.d.ts" />
// Daily and weekly digests (pb_hooks/notifications/digests.js): every 15 minutes the job sends the digests that have
// come due (08:00 local, per member's time zone; zones off the hour, like India's, are caught within 15
// minutes). A superuser route runs the same job for any instant, so tests and operators need no clock.

cronAdd(require(`${__hooks}/platform/contract/hook-hand-offs.js`).DIGESTS_JOB, '*/15 * * * *', () => {
  require(`${__hooks}/notifications/digests.js`).runDigests($app);
});

// POST /api/chorus/digests/run { now?: ISO date } (superusers only) — runs the digest job as if it were
// `now` (default: the present). Response: { sent, checked }.
routerAdd(
  'POST',
  '/api/chorus/digests/run',
  (e) => {
    const { runDigests } = require(`${__hooks}/notifications/digests.js`);
    const body = e.requestInfo().body;
    let now = new DateTime();
    if (body.now !== undefined) {
      try {
        now = new DateTime(String(body.now));
      } catch {
        throw new BadRequestError('now must be a date.');
      }
    }
    return e.json(200, runDigests(e.app, now));
  },
  $apis.requireSuperuserAuth(),
);
