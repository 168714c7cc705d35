// The Zendesk source's door (pb_hooks/feedback/feedback-zendesk.pb.js): every delivery proves it is Zendesk's
// (./verify.js) before anything is read; then the ticket it names is read from Zendesk's API (./read.js) and, when it
// carries the capture tag, captured. A repeated delivery of the same ticket is the same item. Everything else is
// refused (or, for a signed delivery Chorus will not capture, answered 200 so Zendesk does not retry) and logged.
const { answerDelivery } = require(`${__hooks}/feedback/sources/capture-delivery.js`);
const { readTicket } = require(`${__hooks}/feedback/sources/zendesk/read.js`);
const { connection, noteEvent } = require(`${__hooks}/feedback/sources/zendesk/settings.js`);
const { signatureProblem } = require(`${__hooks}/feedback/sources/zendesk/verify.js`);
const { refuseWebhook } = require(`${__hooks}/platform/webhook-door.js`);

/** A trigger's JSON body is a few hundred bytes: 64 KB leaves room for any template an admin adds to. */
const MAX_BODY_BYTES = 64 * 1024;

/** POST /api/chorus/zendesk/webhook: a trigger's or automation's JSON body { ticket_id, comment_id?, agent_id? }. */
function receiveWebhook(e) {
  const header = (name) => String(e.request.header.get(name) || '');
  const door = connection.openDoor(e, {
    maxBytes: MAX_BODY_BYTES,
    signatureProblem: (raw, settings) =>
      signatureProblem(
        settings.getString('signing_secret'),
        header('X-Zendesk-Webhook-Signature-Timestamp'),
        header('X-Zendesk-Webhook-Signature'),
        raw,
        Math.floor(Date.now() / 1000),
      ),
  });
  if (door.refused) return door.refused;
  const { settings, payload } = door;
  const refuse = (status, reason) => refuseWebhook(e, 'Zendesk', status, reason);
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return refuse(400, 'not a JSON object');
  if (!/^\d{1,20}$/.test(String(payload.ticket_id ?? ''))) return refuse(400, 'a body without a ticket_id');
  const read = readTicket(e.app, settings, payload);
  return answerDelivery(e, { vendor: 'Zendesk', what: 'ticket', id: payload.ticket_id, read, noteEvent });
}

module.exports = { receiveWebhook };
