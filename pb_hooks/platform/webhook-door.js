// The door of a vendor's signed webhook (Stripe, HubSpot, Slack, Zendesk, Intercom): switched off it answers 404; the
// raw body is read with a cap in bytes (413 over it); the vendor's signature is checked over those exact bytes before
// anything is parsed; then the body must be JSON (unless the caller reads it, as Slack's form-encoded interactions). Every refusal is logged with its reason and answered with the same
// few words.

/** The bytes `text` takes in UTF-8 (each half of a surrogate pair counts 2: the pair takes 4). */
function utf8Length(text, stopAfter = Number.POSITIVE_INFINITY) {
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= stopAfter; i++) {
    const code = text.charCodeAt(i);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code < 0xe000 ? 2 : 3;
  }
  return bytes;
}

/** Logs why `vendor`'s request was refused and answers the same few words to every reason. */
function refuseWebhook(e, vendor, status, reason) {
  e.app.logger().warn(`${vendor}: a webhook was refused`, 'reason', reason, 'ip', e.realIP());
  return e.json(status, { message: status === 404 ? 'Not found.' : 'Refused.' });
}

/**
 * Opens the door for one delivery: { raw, payload } (the body as sent and parsed; `json` false: { raw } alone), or
 * { refused } (already answered). `signatureProblem(raw)` answers '' for the vendor's own request, else why not; a
 * bad signature is answered `signatureStatus` (401 unless the vendor's convention differs).
 */
function openWebhookDoor(e, { vendor, active, maxBytes, signatureProblem, signatureStatus = 401, json = true }) {
  const refuse = (status, reason) => ({ refused: refuseWebhook(e, vendor, status, reason) });
  if (!active) return refuse(404, `${vendor} is off`);
  let raw;
  try {
    // Bytes, not characters: the signature is over the body exactly as sent.
    raw = toString(e.request.body, maxBytes + 1);
  } catch {
    return refuse(400, 'an unreadable body');
  }
  if (utf8Length(raw, maxBytes) > maxBytes) return refuse(413, `a body over ${Math.round(maxBytes / 1024)} KB`);
  const problem = signatureProblem(raw);
  if (problem) return refuse(signatureStatus, problem);
  if (!json) return { raw };
  try {
    return { raw, payload: JSON.parse(raw) };
  } catch {
    return refuse(400, 'a body that is not JSON');
  }
}

module.exports = { openWebhookDoor, refuseWebhook, utf8Length };
