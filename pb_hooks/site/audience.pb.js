/// <reference path="../../pb_data/types.d.ts" />
// Audiences (site/audience.js): the principal's token for the Worker, its writes and sign-ins refused. A member's
// audience is named in their auth refresh beside the shell's version (site/shell-version.js).

routerAdd('POST', '/api/chorus/audience/token', (e) => require(`${__hooks}/site/audience.js`).principalToken(e));

routerUse((e) => require(`${__hooks}/site/audience.js`).refusePrincipalWrites(e));

onRecordAuthRequest((e) => require(`${__hooks}/site/audience.js`).refusePrincipalSignIn(e), 'users');
