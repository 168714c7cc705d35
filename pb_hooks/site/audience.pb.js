/// <reference path="../../pb_data/types.d.ts" />
// Audiences (site/audience.js): the principal's token for the Worker and its sign-ins refused (its writes: Go). A
// member's audience is named in their session check beside the shell's version (server/cmd/pocketbase/session.go).

routerAdd('POST', '/api/chorus/audience/token', (e) => require(`${__hooks}/site/audience.js`).principalToken(e));

// Its writes are refused in Go (server/cmd/pocketbase/audience.go): a router middleware here would hold a hooks
// runtime for each request's whole life, a realtime stream's included.
// Its sign-ins are refused from the members' one auth hook (site/member-auth.js).
