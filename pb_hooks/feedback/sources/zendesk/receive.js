// The Zendesk source's door (pb_hooks/feedback/feedback-zendesk.pb.js): every delivery proves it is Zendesk's
// (./verify.js) before anything is read; then the ticket it names is read from Zendesk's API (./read.js) and, when it
// carries the capture tag, captured. A repeated delivery of the same ticket is the same item. Everything else is
// refused (or, for a signed delivery Chorus will not capture, answered 200 so Zendesk does not retry) and logged.
const { captureFeedback } = require(`${__hooks}/feedback/capture.js`);
const { readTicket } = require(`${__hooks}/feedback/sources/zendesk/read.js`);
const { zendeskSettings, noteEvent } = require(`${__hooks}/feedback/sources/zendesk/settings.js`);
const { signatureProblem } = require(`${__hooks}/feedback/sources/zendesk/verify.js`);

/** A trigger's JSON body is a few hundred bytes: 64 KB leaves room for any template an admin adds to. */
const MAX_BODY_BYTES = 64 * 1024;

/** Logs why and answers the same few words to every reason. */
function refuse(e, status, reason) {
  e.app.logger().warn('Zendesk: a request was refused', 'reason', reason, 'ip', e.realIP());
  return e.json(status, { message: status === 404 ? 'Not found.' : 'Refused.' });
}

/** Whether `raw` (read as at most MAX_BODY_BYTES + 1 bytes) takes more than MAX_BODY_BYTES in UTF-8. */
function overCap(raw) {
  let bytes = 0;
  for (let i = 0; i < raw.length && bytes <= MAX_BODY_BYTES; i++) {
    const code = raw.charCodeAt(i);
    // Each half of a surrogate pair counts 2: the pair takes 4.
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code < 0xe000 ? 2 : 3;
  }
  return bytes > MAX_BODY_BYTES;
}

/** POST /api/chorus/zendesk/webhook: a trigger's or automation's JSON body { ticket_id, comment_id?, agent_id? }. */
function receiveWebhook(e) {
  const settings = zendeskSettings(e.app);
  if (!settings.getBool('active')) return refuse(e, 404, 'the Zendesk source is off');
  let raw;
  try {
    raw = toString(e.request.body, MAX_BODY_BYTES + 1);
  } catch {
    return refuse(e, 400, 'an unreadable body');
  }
  if (overCap(raw)) return refuse(e, 413, 'a body over 64 KB');
  const header = (name) => String(e.request.header.get(name) || '');
  const problem = signatureProblem(
    settings.getString('signing_secret'),
    header('X-Zendesk-Webhook-Signature-Timestamp'),
    header('X-Zendesk-Webhook-Signature'),
    raw,
    Math.floor(Date.now() / 1000),
  );
  if (problem) return refuse(e, 401, problem);
  let payload;
  try {
    payload = JSON.parse(raw);
  } catch {
    return refuse(e, 400, 'a body that is not JSON');
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return refuse(e, 400, 'not a JSON object');
  if (!/^\d{1,20}$/.test(String(payload.ticket_id ?? ''))) return refuse(e, 400, 'a body without a ticket_id');
  const read = readTicket(e.app, settings, payload);
  if (read.ignored) {
    e.app.logger().warn('Zendesk: a ticket was not captured', 'ticket', String(payload.ticket_id), 'why', read.ignored);
    return e.json(200, { captured: false });
  }
  try {
    const captured = captureFeedback(e.app, read.input);
    noteEvent(e.app);
    return e.json(200, { captured: true, duplicate: captured.duplicate });
  } catch (error) {
    if (!/nothing was said/.test(String(error))) {
      e.app.logger().error('Zendesk: a ticket was not captured', 'error', String(error).slice(0, 300));
      return e.json(500, { message: 'Not captured.' });
    }
    return e.json(200, { captured: false });
  }
}

module.exports = { receiveWebhook };
