/// <reference path="../../pb_data/types.d.ts" />
// POST /api/chorus/notifications/read-all — marks every unread notification of the signed-in member
// read (each saved, so other tabs' realtime sees it). Response: { updated: <count> }.
routerAdd(
  'POST',
  '/api/chorus/notifications/read-all',
  (e) => {
    const { refusalText } = require(`${__hooks}/platform/refusals.js`);
    if (e.auth.getBool('blocked')) throw new ForbiddenError(refusalText('accountBlocked'));
    const now = new Date().toISOString();
    let updated = 0;
    e.app.runInTransaction((txApp) => {
      const unread = txApp.findRecordsByFilter('notifications', "user = {:user} && read_at = ''", '', 0, 0, {
        user: e.auth.id,
      });
      for (const notification of unread) {
        notification.set('read_at', now);
        txApp.save(notification);
        updated += 1;
      }
    });
    return e.json(200, { updated });
  },
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);
