/// <reference path="../../pb_data/types.d.ts" />
// The notification queue's job (pb_hooks/notifications/fanout.js): woken as soon as a write that notifies
// someone commits (its own goroutine, webhooks/kick.js), and every minute for anything a stopped run left.
onRecordAfterCreateSuccess((e) => {
  e.next();
  require(`${__hooks}/webhooks/kick.js`).kickJob(
    e.app,
    require(`${__hooks}/platform/contract/hook-hand-offs.js`).NOTIFY_JOB,
  );
}, 'notification_fanouts');

cronAdd(require(`${__hooks}/platform/contract/hook-hand-offs.js`).NOTIFY_JOB, '* * * * *', () => {
  require(`${__hooks}/notifications/fanout.js`).runFanouts($app);
});
