/// <reference path="../../pb_data/types.d.ts" />
// A status change is recorded in status_events in the same transaction, whoever makes it (API, merge,
// changelog publishing); it and a new official response notify the idea's followers and voters,
// except the person who made the change.

// Remember who is writing, for the model hook below.
onRecordUpdateRequest((e) => {
  const { recordActor } = require(`${__hooks}/platform/staff.js`);
  recordActor(e);
  e.next();
}, 'posts');

onRecordUpdate((e) => {
  const original = e.record.original();
  const from = original.getString('status');
  const to = e.record.getString('status');
  const response = e.record.getString('response');
  const responded = response !== '' && response !== original.getString('response');
  if (from === to && !responded) return e.next();

  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const { notifyAudience } = require(`${__hooks}/notifications/notify.js`);
  const { actorOf } = require(`${__hooks}/platform/staff.js`);
  const actor = actorOf(e.record);
  withinTransaction(e, (txApp) => {
    if (from !== to) {
      const event = new Record(txApp.findCachedCollectionByNameOrId('status_events'));
      event.set('post', e.record.id);
      event.set('from', from);
      event.set('to', to);
      event.set('actor', actor);
      event.set('note', responded ? response : '');
      txApp.save(event);
    }
    // A release that marks its ideas Done notifies as a release instead (pb_hooks/changelog/changelog.pb.js).
    if (e.record.get(require(`${__hooks}/platform/contract/hook-hand-offs.js`).QUIET_MARK)) return;
    const kind = from !== to ? 'status' : 'response';
    notifyAudience(txApp, e.record.id, { skip: [actor] }, { kind, post: e.record.id, actor });
  });
}, 'posts');
