/// <reference path="../../pb_data/types.d.ts" />
// Request body limits, refused with 413 from the announced length before a byte is read, by PocketBase's own
// (native) middleware so no JS runs on every request:
// - 1 MB on every route that sets no limit of its own: sign-in, emails, Chorus's routes, settings…
//   (this replaces PocketBase's default 32 MB, under the same middleware id);
// - record creates and updates keep PocketBase's per-collection limit (32 MB plus the collection's files),
//   capped for every route, whatever the body, at the largest upload any collection takes (ideas: 5 images
//   of 5 MB) plus 1 MB of fields. A JSON body there may be that large; a multipart one of the same size
//   costs PocketBase as much, so the cap is what bounds a request, not its type.
const MB = 1024 * 1024;
const UPLOAD_LIMIT = 26 * MB; // tests/integration/limits/request-limits.test.ts checks it against the schema

routerUse($apis.bodyLimit(1 * MB));
// A bare native function: routerUse gives it an id of its own, so no route's own limit replaces it.
routerUse($apis.bodyLimit(UPLOAD_LIMIT).func);
