/// <reference path="../../pb_data/types.d.ts" />
// Tracker connections' secrets. PocketBase drops hidden fields from a non-superuser's record write, so an admin
// pastes the token (Jira's account email with it, and Linear's signing secret) through a route of their own; they
// are never shown again. A GitHub or Jira connection gets a generated webhook secret when created, shown in the
// create answer only, for the admin to paste into the tracker's webhook settings. A Jira connection needs its
// site's address (https, nothing after the host) and its project's key.
//
// POST /api/chorus/trackers/{connection}/credentials { token?, account_email?, webhook_secret? }   admins

onRecordCreateRequest((e) => {
  require(`${__hooks}/trackers/jira.js`).checkJiraFields(e);
  // (A superuser may set one in the same write: PocketBase keeps hidden fields from superusers only.)
  const generated = ['github', 'jira'].includes(e.record.getString('provider'));
  if (generated && !e.record.getString('webhook_secret')) {
    e.record.set('webhook_secret', $security.randomString(40));
    e.record.unhide('webhook_secret');
  }
  if (e.auth?.collection().name === 'users') e.record.set('created_by', e.auth.id);
  e.next();
}, 'tracker_connections');

onRecordUpdateRequest((e) => {
  require(`${__hooks}/trackers/jira.js`).checkJiraFields(e);
  e.next();
}, 'tracker_connections');

routerAdd(
  'POST',
  '/api/chorus/trackers/{connection}/credentials',
  (e) => {
    const { connectionById, trackerLabel } = require(`${__hooks}/trackers/engine.js`);
    const connection = connectionById(e.app, e.request.pathValue('connection'), { active: false });
    const body = e.requestInfo().body;
    const changed = [];
    for (const [field, max] of [
      ['token', 500],
      ['account_email', 200],
      ['webhook_secret', 200],
    ]) {
      if (body[field] === undefined || body[field] === null || body[field] === '') continue;
      const text = String(body[field]).trim();
      const email = field !== 'account_email' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(text);
      if (!text || text.length > max || /\s/.test(text) || !email) {
        throw new BadRequestError('', { [field]: new ValidationError('validation_invalid_secret', 'Invalid value.') });
      }
      connection.set(field, text);
      changed.push(field);
    }
    require(`${__hooks}/audit/audit.js`).saveAudited(e, connection, {
      action: 'tracker.credentials',
      collection: 'tracker_connections',
      id: connection.id,
      label: trackerLabel(connection),
      after: { changed },
    });
    return e.json(200, { changed });
  },
  ...require(`${__hooks}/platform/route-guards.js`).ADMINS,
);
