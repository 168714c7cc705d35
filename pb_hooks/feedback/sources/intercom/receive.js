// The Intercom source's door (pb_hooks/feedback/feedback-intercom.pb.js): every notification proves it is Intercom's
// (./verify.js) before anything is read; Intercom sends no timestamp header, so the signed body's own created_at must
// be within the hour and its notification id is taken once (a replay is answered as a duplicate, nothing read); then
// the conversation it names is read from Intercom's API (./read.js) and, when it carries the capture tag, captured.
// The same conversation part captured twice is one item. Everything else is refused (or, for a signed notification
// Chorus will not capture, answered 200 so Intercom does not retry) and logged.
const { answerDelivery } = require(`${__hooks}/feedback/sources/capture-delivery.js`);
const { readConversation } = require(`${__hooks}/feedback/sources/intercom/read.js`);
const { connection, noteEvent } = require(`${__hooks}/feedback/sources/intercom/settings.js`);
const { signatureProblem } = require(`${__hooks}/feedback/sources/intercom/verify.js`);
const { take, forgive } = require(`${__hooks}/platform/limits.js`);
const { refuseWebhook } = require(`${__hooks}/platform/webhook-door.js`);

/** A notification carries one conversation with the parts it concerns: 256 KB leaves room for a long one. */
const MAX_BODY_BYTES = 256 * 1024;
const WINDOW_SECONDS = 60 * 60;
const NOTIFICATION_ID = /^notif_[A-Za-z0-9-]{1,80}$/;

/** Why the signed notification cannot be taken at all, as [status, reason], or null: its shape, id and age. */
function shapeProblem(payload, nowSeconds) {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return [400, 'not a JSON object'];
  if (payload.type !== 'notification_event') return [400, 'not a notification_event'];
  if (!NOTIFICATION_ID.test(String(payload.id ?? ''))) return [400, 'a notification without a well-formed id'];
  const created = Number(payload.created_at);
  if (!Number.isInteger(created) || Math.abs(nowSeconds - created) > WINDOW_SECONDS) {
    return [401, 'a notification created more than an hour from now'];
  }
  return null;
}

/** POST /api/chorus/intercom/webhook: a notification { type, id, topic, created_at, data: { item } }, signed. */
function receiveWebhook(e) {
  const door = connection.openDoor(e, {
    maxBytes: MAX_BODY_BYTES,
    signatureProblem: (raw, settings) =>
      signatureProblem(settings.getString('client_secret'), String(e.request.header.get('X-Hub-Signature') || ''), raw),
  });
  if (door.refused) return door.refused;
  const { settings, payload } = door;
  const refuse = (status, reason) => refuseWebhook(e, 'Intercom', status, reason);
  const problem = shapeProblem(payload, Math.floor(Date.now() / 1000));
  if (problem) return refuse(...problem);
  const topic = String(payload.topic ?? '');
  // Intercom's test notification when the webhook is saved or tested in the Developer Hub.
  if (topic === 'ping') return e.json(200, { ok: true });
  const item = payload.data?.item;
  if (!topic.startsWith('conversation') || item?.type !== 'conversation') {
    e.app.logger().warn('Intercom: a notification of another topic was ignored', 'topic', topic.slice(0, 80));
    return e.json(200, { captured: false });
  }
  if (!/^\d{1,24}$/.test(String(item.id ?? ''))) return refuse(400, 'a conversation without an id');
  if (take('intercom-notification', payload.id)) {
    e.app.logger().warn('Intercom: a notification arrived again', 'notification', payload.id);
    return e.json(200, { captured: false, duplicate: true });
  }
  const read = readConversation(e.app, settings, item);
  return answerDelivery(e, {
    vendor: 'Intercom',
    what: 'conversation',
    id: item.id,
    read,
    noteEvent,
    // Not captured for a fault of Chorus's: Intercom's retry of this notification must be taken, not ignored.
    failed: () => forgive('intercom-notification', payload.id),
  });
}

module.exports = { receiveWebhook };
