/// <reference path="../../pb_data/types.d.ts" />
// Publishing a release (state becomes published, on create or update) dates it and, in the same
// transaction, moves the linked ideas to Done when mark_done is set (recorded in status_events) and
// notifies the voters and followers of the linked ideas once each, except the publisher.

for (const register of [onRecordCreateRequest, onRecordUpdateRequest]) {
  register((e) => {
    const { recordActor } = require(`${__hooks}/platform/staff.js`);
    recordActor(e);
    e.next();
  }, 'changelog_entries');
}

function publish(e) {
  const published = e.record.getString('state') === 'published';
  const wasPublished = !e.record.isNew() && e.record.original().getString('state') === 'published';
  if (!published || wasPublished) return e.next();

  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const { notifyAudience } = require(`${__hooks}/notifications/notify.js`);
  const { actorOf } = require(`${__hooks}/platform/staff.js`);
  const { ACTOR_MARK, QUIET_MARK } = require(`${__hooks}/platform/contract/hook-hand-offs.js`);
  const actor = actorOf(e.record);
  if (!e.record.getString('published_at')) e.record.set('published_at', new Date().toISOString());
  withinTransaction(e, (txApp) => {
    const postIds = e.record.getStringSlice('posts');
    if (e.record.getBool('mark_done')) {
      const done = txApp.findFirstRecordByFilter('statuses', "slug = 'done'");
      for (const post of txApp.findRecordsByIds('posts', postIds)) {
        if (post.getString('status') === done.id) continue;
        post.set('status', done.id);
        post.set(ACTOR_MARK, actor);
        post.set(QUIET_MARK, true);
        txApp.save(post);
      }
    }
    // Each person once per release, for one of its ideas they follow or voted for (`release` in the audience).
    for (const postId of postIds) {
      const fields = { kind: 'release', post: postId, entry: e.record.id, actor };
      notifyAudience(txApp, postId, { skip: [actor], release: e.record.id }, fields);
    }
    // Visitors subscribed by email get it from the mailer, after this commits (pb_hooks/changelog/changelog-subscribers.pb.js).
    require(`${__hooks}/changelog/release-mailer.js`).queueReleaseMailing(txApp, e.record.id);
  });
}

onRecordCreate(publish, 'changelog_entries');
onRecordUpdate(publish, 'changelog_entries');
