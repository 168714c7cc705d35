/// <reference path="../../pb_data/types.d.ts" />
// Issue trackers (issue #26): staff create an issue from an idea or link an existing one; admins read a
// connection's states to map them; the site's Worker (with a proof from CHORUS_PROXY_SECRET) fetches a
// connection's webhook secret to check an event's signature and hands verified events to the queue
// (pb_hooks/trackers/engine.js). API keys with the staff scope may call the staff routes.
//
// POST   /api/chorus/trackers/{connection}/issues  { post }          staff: create an issue from the idea, link it
// POST   /api/chorus/trackers/{connection}/links   { post, issue }   staff: link an existing issue ("12", "ENG-12", URL)
// DELETE /api/chorus/trackers/links/{id}                             staff: unlink
// GET    /api/chorus/trackers/{connection}/states                    admins: the tracker's states, stored for mapping
// POST   /api/chorus/trackers/secret  { proof }                      the Worker: the connection's provider and secret
// POST   /api/chorus/trackers/events  { proof, payload }             the Worker: queue a verified event (once per delivery)
//
// When an idea's status changes by anything but a tracker event, its issues in trackers that move issues (Jira)
// are queued to move to a state mapped to the new status.

onRecordAfterUpdateSuccess((e) => {
  const moved = e.record.getString('status') !== e.record.original().getString('status');
  if (moved && !e.record.get(require(`${__hooks}/platform/contract/hook-hand-offs.js`).TRACKER_CHANGE_MARK)) {
    try {
      require(`${__hooks}/trackers/engine.js`).queueMoves(e.app, e.record);
    } catch (error) {
      e.app.logger().error('Queueing a tracker move failed', 'post', e.record.id, 'error', String(error));
    }
  }
  e.next();
}, 'posts');

routerAdd(
  'POST',
  '/api/chorus/trackers/{connection}/issues',
  (e) => {
    const engine = require(`${__hooks}/trackers/engine.js`);
    return engine.linkFromRequest(e, (tracker, connection, post) =>
      tracker.createIssue(e.app, connection, engine.issueDraft(e.app, post)),
    );
  },
  ...require(`${__hooks}/platform/route-guards.js`).STAFF,
);

routerAdd(
  'POST',
  '/api/chorus/trackers/{connection}/links',
  (e) =>
    require(`${__hooks}/trackers/engine.js`).linkFromRequest(e, (tracker, connection, _post, body) => {
      const { refusalText } = require(`${__hooks}/platform/refusals.js`);
      const reference = String(body.issue || '').trim();
      if (!reference || reference.length > 300) throw new BadRequestError(refusalText('trackerBadReference'));
      return tracker.findIssue(e.app, connection, reference);
    }),
  ...require(`${__hooks}/platform/route-guards.js`).STAFF,
);

routerAdd(
  'DELETE',
  '/api/chorus/trackers/links/{id}',
  (e) => {
    const { trackerLabel } = require(`${__hooks}/trackers/engine.js`);
    const link = e.app.findRecordById('tracker_links', e.request.pathValue('id'));
    const connection = e.app.findRecordById('tracker_connections', link.getString('connection'));
    e.app.runInTransaction((txApp) => {
      const { recordAudit } = require(`${__hooks}/audit/audit.js`);
      recordAudit(txApp, e, {
        action: 'tracker.unlink',
        collection: 'posts',
        id: link.getString('post'),
        label: link.getString('title'),
        before: { tracker: trackerLabel(connection), issue: link.getString('issue_key'), url: link.getString('url') },
      });
      txApp.delete(link);
    });
    return e.noContent(204);
  },
  ...require(`${__hooks}/platform/route-guards.js`).STAFF,
);

routerAdd(
  'GET',
  '/api/chorus/trackers/{connection}/states',
  (e) => {
    const engine = require(`${__hooks}/trackers/engine.js`);
    const { providerOf } = require(`${__hooks}/trackers/providers.js`);
    const connection = engine.connectionById(e.app, e.request.pathValue('connection'), { active: false });
    const states = engine.askTracker(() => providerOf(connection).states(e.app, connection));
    connection.set('states', states);
    e.app.save(connection);
    return e.json(200, { states });
  },
  ...require(`${__hooks}/platform/route-guards.js`).ADMINS,
);

routerAdd(
  'POST',
  '/api/chorus/trackers/secret',
  (e) => {
    const { readTrackerProof, workerConnection } = require(`${__hooks}/trackers/worker-routes.js`);
    const claims = readTrackerProof(e, 'secret');
    const connection = workerConnection(e.app, claims);
    return e.json(200, { secret: connection.getString('webhook_secret') });
  },
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

routerAdd(
  'POST',
  '/api/chorus/trackers/events',
  (e) => {
    const { readTrackerProof, workerConnection, verifiedPayload } = require(`${__hooks}/trackers/worker-routes.js`);
    const { receiveEvent } = require(`${__hooks}/trackers/engine.js`);
    const claims = readTrackerProof(e, 'event');
    const connection = workerConnection(e.app, claims);
    const payload = verifiedPayload(e, claims);
    const deliveryId = String(claims.deliveryId || '').slice(0, 200);
    const event = String(claims.event || '').slice(0, 100);
    return e.json(200, receiveEvent(e.app, connection, { deliveryId, event, payload }));
  },
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);
