// The notification queue: what a write leaves for after its request (issue 35). Each row is one write's
// notifications: the pages of its audience still to write, then their live events and emails. The
// `chorus_notify` job (pb_hooks/notifications/notification-fanout.pb.js, woken as each row commits and every minute) claims
// a row for a while, writes a page in a short transaction of its own (so votes and comments wait for a page,
// never for the whole audience), delivers it, and goes on. If PocketBase stops in the middle, the claim
// expires and the next run continues from the page it reached: a page's notifications and its progress
// commit together, so nobody is notified twice in the app; an email may be sent again only if PocketBase
// stopped between sending it and recording that it was sent.
const { DONE, PAGE, audiencePage, writeNotifications, FANOUTS: COLLECTION } = require(
  `${__hooks}/notifications/notify.js`,
);
const LEASE_MS = 60 * 1000;

const { dateString } = require(`${__hooks}/platform/dates.js`);

/** A JSON field's value (its raw text: JSON.stringify of the field would give its bytes). */
function jsonOf(row, field, fallback) {
  const text = row.getString(field);
  return text ? JSON.parse(text) : fallback;
}

function listOf(row, field) {
  const list = jsonOf(row, field, []);
  return Array.isArray(list) ? list : [];
}

/** Tells every open tab of these members that their notifications changed (they refetch the count). */
function tellLive(app, userIds) {
  if (userIds.length === 0) return;
  const wanted = new Set(userIds);
  const collectionId = app.findCachedCollectionByNameOrId('notifications').id;
  const clients = app.subscriptionsBroker().clients();
  for (const key in clients) {
    const client = clients[key];
    const auth = client.get('auth');
    if (!auth || !wanted.has(auth.id)) continue;
    // The collection-wide topics PocketBase itself would match (with and without the "/*").
    const topics = client.subscriptions('notifications/*?', `${collectionId}/*?`, 'notifications?', `${collectionId}?`);
    for (const topic in topics) {
      const record = { collectionId, collectionName: 'notifications', user: auth.id };
      client.send(new SubscriptionMessage({ name: topic, data: JSON.stringify({ action: 'create', record }) }));
    }
  }
}

/** Emails each new notification its member gets by email at once (digest kinds wait for notifications/digests.js). */
function sendMail(app, notificationIds) {
  if (notificationIds.length === 0 || !app.settings().smtp.enabled) return;
  const { buildNotificationEmail } = require(`${__hooks}/notifications/email.js`);
  for (const notification of app.findRecordsByIds('notifications', notificationIds)) {
    try {
      const message = buildNotificationEmail(app, notification);
      if (message) app.newMailClient().send(message);
    } catch (error) {
      app
        .logger()
        .error('Sending a notification email failed', 'notification', notification.id, 'error', String(error));
    }
  }
}

/** Claims the oldest row nobody holds; its id, or '' when the queue is empty. */
function claimNext(app) {
  let id = '';
  app.runInTransaction((txApp) => {
    const now = Date.now();
    const [row] = txApp.findRecordsByFilter(COLLECTION, 'lease < {:now}', 'created', 1, 0, { now: dateString(now) });
    if (!row) return;
    row.set('lease', dateString(now + LEASE_MS));
    txApp.save(row);
    id = row.id;
  });
  return id;
}

/** Writes the next page of a claimed row's audience and records how far it got, in one transaction. */
function writeNextPage(app, id) {
  app.runInTransaction((txApp) => {
    const row = txApp.findRecordById(COLLECTION, id);
    const fields = {};
    for (const key of ['kind', 'post', 'comment', 'entry', 'actor']) fields[key] = row.getString(key);
    const audience = jsonOf(row, 'audience', {});
    const page = audiencePage(txApp, audience, row.getString('after'), PAGE);
    const written = writeNotifications(txApp, page.people, fields);
    row.set('after', page.after);
    row.set('mail', written.created);
    row.set('live', written.touched);
    row.set('lease', dateString(Date.now() + LEASE_MS));
    txApp.save(row);
  });
}

/** Delivers and writes a claimed row page by page until its audience is done, then removes it. */
function drain(app, id) {
  for (;;) {
    const row = app.findRecordById(COLLECTION, id);
    const mail = listOf(row, 'mail');
    const live = listOf(row, 'live');
    if (mail.length > 0 || live.length > 0) {
      tellLive(app, live);
      sendMail(app, mail);
      row.set('mail', []);
      row.set('live', []);
    }
    if (row.getString('after') === DONE) {
      app.delete(row);
      return;
    }
    if (mail.length > 0 || live.length > 0) app.save(row);
    writeNextPage(app, id);
  }
}

/** The job: drains the queue, oldest first. A row that fails is logged and retried once its claim expires. */
function runFanouts(app) {
  for (let id = claimNext(app); id; id = claimNext(app)) {
    try {
      drain(app, id);
    } catch (error) {
      app.logger().error('Notifying an audience failed', 'fanout', id, 'error', String(error));
    }
  }
}

module.exports = { runFanouts, tellLive };
