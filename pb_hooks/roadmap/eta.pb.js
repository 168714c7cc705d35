/// <reference path="../../pb_data/types.d.ts" />
// Keeps posts.eta (the public copy of post_insights.eta) in step, in the writer's transaction: staff
// setting, moving or clearing an ETA copies it while the site shows ETAs, and notifies the idea's voters and
// followers (kind "eta", emailed like a status change); flipping site.show_eta rewrites every idea's copy.
// A new idea starts without one whatever the request says (its rules refuse the field from clients anyway).
onRecordCreate((e) => {
  e.record.set('eta', '');
  e.next();
}, 'posts');

onRecordUpdateRequest((e) => {
  const { recordActor } = require(`${__hooks}/platform/staff.js`);
  recordActor(e);
  e.next();
}, 'post_insights');

onRecordUpdate((e) => {
  const eta = e.record.getString('eta');
  if (eta === e.record.original().getString('eta')) return e.next();
  const { showsEta, copyEtaToPost } = require(`${__hooks}/priority/eta.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const { actorOf } = require(`${__hooks}/platform/staff.js`);
  const actor = actorOf(e.record);
  withinTransaction(e, (txApp) => {
    if (!showsEta(txApp)) return; // not public: no member learns it
    if (!copyEtaToPost(txApp, e.record.id, eta)) return;
    const { notifyAudience } = require(`${__hooks}/notifications/notify.js`);
    notifyAudience(txApp, e.record.id, { skip: [actor] }, { kind: 'eta', post: e.record.id, actor });
  });
}, 'post_insights');

onRecordUpdate((e) => {
  const show = e.record.getBool('show_eta');
  if (show === e.record.original().getBool('show_eta')) return e.next();
  const { syncAllPostEtas } = require(`${__hooks}/priority/eta.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => {
    const started = Date.now();
    const changed = syncAllPostEtas(txApp, show);
    txApp.logger().info('ETAs re-synced', 'show', show, 'ideas', changed, 'ms', Date.now() - started);
  });
}, 'site');
