/// <reference path="../../../pb_data/types.d.ts" />
// After a public record's write commits, queues the change for the live sockets at the edge
// (platform/edge/edge-publish.js sends it, with any purge tags, in one call to the Worker beside the request):
// ideas' live copies, public comments and their reactions, published changelog entries.
cronAdd(require(`${__hooks}/platform/contract/hook-hand-offs.js`).EDGE_PUBLISH_JOB, '* * * * *', () => {
  require(`${__hooks}/platform/edge/edge-publish.js`).runPublisher($app);
});

// (Each handler runs in its own VM, which sees none of this file's variables: one registration per action.)
const EDGE_COLLECTIONS = ['post_live', 'comments', 'reactions', 'changelog_entries'];
onRecordAfterCreateSuccess(
  (e) => require(`${__hooks}/platform/edge/edge-changes.js`).publishAfterWrite(e, 'create'),
  ...EDGE_COLLECTIONS,
);
onRecordAfterUpdateSuccess(
  (e) => require(`${__hooks}/platform/edge/edge-changes.js`).publishAfterWrite(e, 'update'),
  ...EDGE_COLLECTIONS,
);
onRecordAfterDeleteSuccess(
  (e) => require(`${__hooks}/platform/edge/edge-changes.js`).publishAfterWrite(e, 'delete'),
  ...EDGE_COLLECTIONS,
);
