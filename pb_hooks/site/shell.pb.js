/// <reference path="../../pb_data/types.d.ts" />
// Every page's shell (the site, the caller's boards, the statuses) in one request: pb_hooks/site/shell.js.
routerAdd('GET', '/api/chorus/shell', (e) => require(`${__hooks}/site/shell.js`).shell(e));
