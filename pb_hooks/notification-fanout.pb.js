/// <reference path="../pb_data/types.d.ts" />
// The notification queue's job (pb_hooks/lib/notifications/fanout.js): woken as soon as a write that notifies
// someone commits (its own goroutine, lib/webhooks/kick.js), and every minute for anything a stopped run left.
onRecordAfterCreateSuccess((e) => {
  e.next();
  require(`${__hooks}/lib/webhooks/kick.js`).kickJob(
    e.app,
    require(`${__hooks}/lib/contract/hook-hand-offs.js`).NOTIFY_JOB,
  );
}, 'notification_fanouts');

cronAdd(require(`${__hooks}/lib/contract/hook-hand-offs.js`).NOTIFY_JOB, '* * * * *', () => {
  require(`${__hooks}/lib/notifications/fanout.js`).runFanouts($app);
});
