/// <reference path="../../pb_data/types.d.ts" />
// GET /api/chorus/health — how this Chorus is doing (health/health.js), for admins (and superusers): the site's
// /admin/health page and /admin/health.json (monitoring) read it. POST /api/chorus/health, superusers only
// (`npm run doctor`): a heartbeat write the replica must take, and a publish to the Worker signed with
// PocketBase's own secret ({"edge": {"post", "reaction", "tags"}}). Every email sent or refused is counted.
onBootstrap((e) => {
  e.next();
  require(`${__hooks}/health/health.js`).noteStarted(e.app);
});

// The one mail path: whatever Chorus or PocketBase sends passes here (after api-keys.pb.js drops service members).
onMailerSend((e) => {
  const { noteMail } = require(`${__hooks}/health/health.js`);
  try {
    e.next();
  } catch (error) {
    noteMail(e.app, error);
    throw error;
  }
  noteMail(e.app, null);
});

routerAdd(
  'GET',
  '/api/chorus/health',
  (e) =>
    require(`${__hooks}/platform/private-answers.js`).privateJson(
      e,
      require(`${__hooks}/health/health.js`).healthReport(e.app, e),
    ),
  ...require(`${__hooks}/platform/route-guards.js`).ADMINS,
);

routerAdd(
  'POST',
  '/api/chorus/health',
  (e) => {
    const { heartbeat, probeEdge } = require(`${__hooks}/health/health.js`);
    const body = e.requestInfo().body || {};
    const edge = body.edge && typeof body.edge === 'object' ? body.edge : null;
    const ids = /^[a-z0-9]{15}$/;
    const tags = Array.isArray(edge?.tags) ? edge.tags.filter((tag) => /^(site|roadmap|changelog)$/.test(tag)) : [];
    return e.json(200, {
      heartbeatAt: heartbeat(e.app),
      edge: edge
        ? probeEdge(e.app, {
            post: ids.test(edge.post) ? edge.post : '',
            reaction: ids.test(edge.reaction) ? edge.reaction : '',
            tags,
          })
        : null,
    });
  },
  $apis.requireSuperuserAuth(),
);
