/// <reference path="../../pb_data/types.d.ts" />
// Turns committed writes into webhook events (after-success hooks run once the write's transaction has
// committed, so a rolled-back write sends nothing): idea posted, approved, status changed (with the
// response), merged; comment posted (never internal ones); vote milestones (votes that count); release published.
// Records the importer writes (superuser requests with the X-Chorus-Import header) send nothing: Go marks them
// IMPORT_MARK (server/cmd/pocketbase/import-mark.go, src/contract/hand-offs.ts).

onRecordAfterCreateSuccess((e) => {
  e.next();
  if (e.record.get(require(`${__hooks}/platform/contract/hand-offs.js`).IMPORT_MARK)) return;
  const { enqueue, hasSubscribers } = require(`${__hooks}/webhooks/queue.js`);
  if (!hasSubscribers(e.app, 'idea.posted')) return;
  const { buildEvent, describeIdea } = require(`${__hooks}/webhooks/payload.js`);
  const post = e.app.findRecordById('posts', e.record.id);
  enqueue(e.app, buildEvent('idea.posted', { idea: describeIdea(e.app, post) }));
}, 'posts');

onRecordAfterUpdateSuccess((e) => {
  e.next();
  const { enqueue } = require(`${__hooks}/webhooks/queue.js`);
  const { buildEvent, describeIdea, find, maskEmails, personOf, statusOf } = require(`${__hooks}/webhooks/payload.js`);
  const { actorOf } = require(`${__hooks}/platform/staff.js`);
  const before = e.record.original();
  const post = e.record;
  const approved = post.getBool('approved') && !before.getBool('approved');
  const statusChanged = post.getString('status') !== before.getString('status');
  const mergedInto = before.getString('merged_into') ? '' : post.getString('merged_into');
  if (!approved && !statusChanged && !mergedInto) return;
  const idea = describeIdea(e.app, post);
  const actor = personOf(e.app, actorOf(post));
  if (approved) enqueue(e.app, buildEvent('idea.approved', { idea }));
  if (statusChanged) {
    const from = statusOf(e.app, before.getString('status'));
    const to = statusOf(e.app, post.getString('status'));
    enqueue(
      e.app,
      buildEvent('idea.status_changed', { idea, from, to, response: maskEmails(post.getString('response')), actor }),
    );
  }
  const target = find(e.app, 'posts', mergedInto);
  if (target) enqueue(e.app, buildEvent('idea.merged', { idea, into: describeIdea(e.app, target) }));
}, 'posts');

onRecordAfterCreateSuccess((e) => {
  e.next();
  if (
    e.record.get(require(`${__hooks}/platform/contract/hand-offs.js`).IMPORT_MARK) ||
    e.record.getBool('internal') ||
    e.record.getString('held_for')
  )
    return;
  require(`${__hooks}/webhooks/comment-posted.js`).queueCommentPosted(e.app, e.record);
}, 'comments');

// A comment held for review is posted, for webhooks, when a moderator publishes it.
onRecordAfterUpdateSuccess((e) => {
  e.next();
  const published = e.record.original().getString('held_for') !== '' && e.record.getString('held_for') === '';
  if (!published || e.record.getBool('hidden') || e.record.getBool('internal')) return;
  require(`${__hooks}/webhooks/comment-posted.js`).queueCommentPosted(e.app, e.record);
}, 'comments');

// Vote milestones are queued in the vote's own transaction (pb_hooks/votes/votes.pb.js): only a vote that counts
// moves an idea toward one, a held one (votes/counted.js) when its member's email is confirmed.

onRecordAfterUpdateSuccess((e) => {
  e.next();
  const published = e.record.getString('state') === 'published';
  if (!published || e.record.original().getString('state') === 'published') return;
  const { enqueue } = require(`${__hooks}/webhooks/queue.js`);
  const { buildEvent, describeRelease } = require(`${__hooks}/webhooks/payload.js`);
  const entry = e.app.findRecordById('changelog_entries', e.record.id);
  enqueue(e.app, buildEvent('release.published', { release: describeRelease(e.app, entry) }), `release_${entry.id}`);
}, 'changelog_entries');

onRecordAfterCreateSuccess((e) => {
  e.next();
  const { enqueue } = require(`${__hooks}/webhooks/queue.js`);
  const { buildEvent, describeRelease } = require(`${__hooks}/webhooks/payload.js`);
  if (e.record.getString('state') !== 'published') return;
  const entry = e.app.findRecordById('changelog_entries', e.record.id);
  enqueue(e.app, buildEvent('release.published', { release: describeRelease(e.app, entry) }), `release_${entry.id}`);
}, 'changelog_entries');
