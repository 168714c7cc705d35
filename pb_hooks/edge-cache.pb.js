/// <reference path="../pb_data/types.d.ts" />
// After a write commits, asks the site's Worker to purge exactly the cached pages it changed
// (EDGE_PURGE_URL and EDGE_PURGE_SECRET; unset: nothing to purge). See lib/edge-cache.js.
const EDGE_CACHED_COLLECTIONS = [
  'site',
  'statuses',
  'tags',
  'boards',
  'posts',
  'comments',
  'reactions',
  'status_events',
  'changelog_entries',
];

for (const register of [onRecordAfterCreateSuccess, onRecordAfterUpdateSuccess, onRecordAfterDeleteSuccess]) {
  register((e) => require(`${__hooks}/lib/edge-cache.js`).purgeAfterWrite(e), ...EDGE_CACHED_COLLECTIONS);
}
