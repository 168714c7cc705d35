/// <reference path="../../../pb_data/types.d.ts" />
// After a write commits, queues the cached pages it changed for purging at the edge (EDGE_URL and
// EDGE_PURGE_SECRET; unset: nothing to purge). See platform/edge/edge-cache.js and platform/edge/edge-publish.js.
const EDGE_CACHED_COLLECTIONS = [
  'site',
  'statuses',
  'tags',
  'boards',
  'posts',
  'comments',
  'status_events',
  'changelog_entries',
  'custom_fields',
];

for (const register of [onRecordAfterCreateSuccess, onRecordAfterUpdateSuccess, onRecordAfterDeleteSuccess]) {
  register((e) => require(`${__hooks}/platform/edge/edge-cache.js`).purgeAfterWrite(e), ...EDGE_CACHED_COLLECTIONS);
}

// A member's new name or avatar is rewritten onto their ideas and comments without record events
// (author-card.pb.js): purge the pages that showed the old one. `original()` is still the record before it.
onRecordAfterUpdateSuccess((e) => {
  e.next();
  const { cardValues } = require(`${__hooks}/ideas/author-card.js`);
  if (cardValues(e.record).join('\n') === cardValues(e.record.original()).join('\n')) return;
  const { authorPageTags, purge } = require(`${__hooks}/platform/edge/edge-cache.js`);
  purge(e.app, authorPageTags(e.app, e.record.id));
}, 'users');
