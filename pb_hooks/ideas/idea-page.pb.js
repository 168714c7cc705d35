/// <reference path="../../pb_data/types.d.ts" />
// An idea page's reads in one request (pb_hooks/ideas/idea-page.js).
routerAdd(
  'GET',
  '/api/chorus/posts/{id}/page',
  (e) => require(`${__hooks}/ideas/idea-page.js`).ideaPage(e),
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);
