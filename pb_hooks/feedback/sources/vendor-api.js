// What the sources that read a support desk's API share (Zendesk, Intercom): one GET answered as JSON or null (the
// failure logged with its status and a fixed reason only), the answer to a write as { ok, code, error } in the
// vendor's own words for the statuses it documents, and the Chorus staff account behind a vendor agent's email.
// Calls go through platform/outbound/outbound.js (public addresses only, no redirects, a time and size cap).
const { send } = require(`${__hooks}/platform/outbound/outbound.js`);

const TIMEOUT_SECONDS = 5;
const USER_AGENT = 'Chorus-Feedback/1';

/** One GET of `vendor`'s API at `url`: its JSON, or null (a warning logged with the status and a fixed reason). */
function getVendorJson(app, vendor, url, headers, maxBytes) {
  const answer = send({
    url,
    headers: { ...headers, accept: 'application/json', 'user-agent': USER_AGENT },
    timeoutSeconds: TIMEOUT_SECONDS,
    maxBytes,
  });
  try {
    if (answer.ok && answer.body) return JSON.parse(answer.body);
  } catch {
    // an answer that is not JSON is a failure like any other
  }
  const path = String(url).replace(/^[a-z]+:\/\/[^/]+/, '');
  app.logger().warn(`${vendor}: an API call failed`, 'path', path, 'status', answer.status, 'reason', answer.reason);
  return null;
}

/**
 * One write (`method` with a JSON `body`) to `vendor`'s API: { ok, code, error }, `error` '' on success, else
 * `<prefix>:<kind>` for a status `kinds` names ({ 404: 'not_found' }), else outbound's fixed reason.
 */
function writeVendorJson({ url, method, headers, body, timeoutSeconds = TIMEOUT_SECONDS, prefix, kinds }) {
  const answer = send({
    url,
    method,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8', 'user-agent': USER_AGENT },
    body: JSON.stringify(body),
    timeoutSeconds,
  });
  if (answer.ok) return { ok: true, code: answer.status, error: '' };
  const kind = kinds[answer.status];
  return { ok: false, code: answer.status, error: kind ? `${prefix}:${kind}` : answer.reason || 'failed' };
}

/** The active Chorus staff account whose email is `email` (a vendor's agent), or null. */
function staffByEmail(app, email) {
  const account = require(`${__hooks}/platform/records.js`).memberByEmail(app, email ? String(email) : '');
  return account && require(`${__hooks}/platform/access.js`).isActiveStaffUser(account) ? account : null;
}

module.exports = { getVendorJson, writeVendorJson, staffByEmail, TIMEOUT_SECONDS };
