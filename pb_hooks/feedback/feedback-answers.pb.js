/// <reference path="../../pb_data/types.d.ts" />
// The answer goes back where the customer asked (issue 58): an idea's status change to one on the roadmap queues, in
// its own transaction, an answer for each feedback item linked to it (feedback/answers/queue.js); once it has
// committed, the answers' job is woken and sends them beside the request (feedback/answers/worker.js), and every
// minute the same job picks up what is due (a retry, or what a restart left).
//
// GET  /api/chorus/feedback/mail/settings                         admins: { answer_customers }
// POST /api/chorus/feedback/mail/settings { answer_customers }    admins: forwarded mail's answers on or off
// (Slack's switch is `answer_customers` on POST /api/chorus/slack/settings.)

onRecordUpdate((e) => {
  const from = e.record.original().getString('status');
  const to = e.record.getString('status');
  if (from === to || !to) return e.next();
  require(`${__hooks}/platform/transaction.js`).withinTransaction(e, (txApp) => {
    const { queueAnswers, KICK_KEY } = require(`${__hooks}/feedback/answers/queue.js`);
    if (queueAnswers(txApp, e.record.id, to) > 0) txApp.store().set(KICK_KEY, true);
  });
}, 'posts');

// After the commit, never inside it: the sends happen on the job's own goroutine (webhooks/kick.js explains why).
onRecordAfterUpdateSuccess((e) => {
  const { KICK_KEY, JOB_ID } = require(`${__hooks}/feedback/answers/queue.js`);
  if (e.app.store().get(KICK_KEY)) {
    e.app.store().remove(KICK_KEY);
    require(`${__hooks}/webhooks/kick.js`).kickJob(e.app, JOB_ID);
  }
  e.next();
}, 'posts');

cronAdd(require(`${__hooks}/feedback/answers/queue.js`).JOB_ID, '* * * * *', () => {
  require(`${__hooks}/feedback/answers/worker.js`).runAnswers($app);
});

routerAdd(
  'GET',
  '/api/chorus/feedback/mail/settings',
  (e) => e.json(200, require(`${__hooks}/feedback/answers/settings.js`).describeMailSettings(e.app)),
  ...require(`${__hooks}/platform/route-guards.js`).ADMINS,
);

routerAdd(
  'POST',
  '/api/chorus/feedback/mail/settings',
  (e) => e.json(200, require(`${__hooks}/feedback/answers/settings.js`).updateMailSettings(e)),
  ...require(`${__hooks}/platform/route-guards.js`).ADMINS,
);
