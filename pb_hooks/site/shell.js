// Every page's shell in one request (issue 59): the site record, the boards the caller may see and every
// status, which the Worker read as three (a third of PocketBase's work for a member's home page was their
// requests). Who sees what is each collection's list rule, checked here for the caller's own auth, record by
// record: a members-only or segment board reaches only those its rule lets see it, never another's list
// (tests/integration/site/shell.test.ts compares the answer with the three list requests for every kind of caller).

/** The records of `collection` matching `filter`, in `sort` order, that the caller may list. */
function listable(e, info, collection, filter, sort) {
  const rule = e.app.findCollectionByNameOrId(collection).listRule;
  return e.app
    .findRecordsByFilter(collection, filter, sort, 0, 0)
    .filter((record) => e.app.canAccessRecord(record, info, rule));
}

/** GET /api/chorus/shell → { site, boards, statuses }: boards not archived, in the admin's order. */
function shell(e) {
  const info = e.requestInfo();
  const [site] = listable(e, info, 'site', "id != ''", '');
  if (!site) throw new NotFoundError();
  const boards = listable(e, info, 'boards', 'archived = false', 'position,name');
  const statuses = listable(e, info, 'statuses', "id != ''", 'position,name');
  $apis.enrichRecords(e, [site, ...boards, ...statuses]);
  return e.json(200, { site, boards, statuses });
}

module.exports = { shell };
