// The one way Chorus's hooks call an issue tracker: JSON through platform/outbound/outbound.js (the public-address policy,
// no redirects, a time and size cap), and a TrackerError whose message is one fixed reason (platform/outbound/outbound.js
// REASONS, or "not found"): never the tracker's answer or a connection error, and never the token.
const { send } = require(`${__hooks}/platform/outbound/outbound.js`);

const TIMEOUT_SECONDS = 10;
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

class TrackerError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status; // the tracker's HTTP status, 0 when it did not answer
  }
}

/** Sends `body` (an object) as JSON and returns the answer's JSON, or throws a TrackerError. */
function callTracker({ url, method = 'GET', headers = {}, body }) {
  const answer = send({
    url,
    method,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
    timeoutSeconds: TIMEOUT_SECONDS,
    maxBytes: MAX_ANSWER_BYTES,
  });
  if (answer.status === 404) throw new TrackerError('not found', 404);
  if (!answer.ok) throw new TrackerError(answer.reason, answer.status);
  try {
    return answer.body ? JSON.parse(answer.body) : null;
  } catch (_) {
    throw new TrackerError('failed', answer.status);
  }
}

module.exports = { callTracker, TrackerError };
