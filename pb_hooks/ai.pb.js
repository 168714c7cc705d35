/// <reference path="../pb_data/types.d.ts" />
// The ideas' vectors for similar ideas by meaning (issue 38, lib/ai/): the `chorus_ai_index` job embeds what is
// missing or stale every minute and right after an idea is created or its title or body edited (woken on its own
// goroutine after the commit, lib/webhooks/kick.js); an edit marks the idea's vector stale in its own transaction;
// Go's index ($vectors) forgets a deleted idea. GET /api/chorus/ai/status: the indexing's progress, for staff (and the operator).
// Nothing runs without a provider (CHORUS_AI_URL and CHORUS_AI_EMBEDDING_MODEL).
cronAdd('chorus_ai_index', '* * * * *', () => {
  require(`${__hooks}/lib/ai/indexer.js`).runIndexer($app);
});

onRecordAfterCreateSuccess((e) => {
  e.next();
  if (!require(`${__hooks}/lib/ai/provider.js`).isConfigured()) return;
  require(`${__hooks}/lib/webhooks/kick.js`).kickJob(e.app, 'chorus_ai_index');
}, 'posts');

onRecordUpdate((e) => {
  const before = e.record.original();
  const edited =
    e.record.getString('title') !== before.getString('title') ||
    e.record.getString('body') !== before.getString('body');
  e.next();
  if (edited) require(`${__hooks}/lib/ai/indexer.js`).markStale(e.app, e.record.id);
}, 'posts');

onRecordAfterUpdateSuccess((e) => {
  e.next();
  const before = e.record.original();
  const edited =
    e.record.getString('title') !== before.getString('title') ||
    e.record.getString('body') !== before.getString('body');
  if (!edited || !require(`${__hooks}/lib/ai/provider.js`).isConfigured()) return;
  require(`${__hooks}/lib/webhooks/kick.js`).kickJob(e.app, 'chorus_ai_index');
}, 'posts');

onRecordAfterDeleteSuccess((e) => {
  e.next();
  $vectors.remove(e.record.id);
}, 'posts');

onRecordAfterDeleteSuccess((e) => {
  e.next();
  $vectors.remove(e.record.getString('post'));
}, 'post_vectors');

routerAdd('GET', '/api/chorus/ai/status', (e) => {
  if (!e.hasSuperuserAuth()) require(`${__hooks}/lib/staff.js`).requireStaff(e);
  return e.json(200, require(`${__hooks}/lib/ai/indexer.js`).indexStatus(e.app));
});
