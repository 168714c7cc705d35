// The one way Chorus's hooks call an issue tracker: JSON over $http.send with a timeout, and a TrackerError
// that says in one line what went wrong (unreachable, refused, not found) without echoing the token.
const TIMEOUT_SECONDS = 10;

class TrackerError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status; // the tracker's HTTP status, 0 when it did not answer
  }
}

/** Sends `body` (an object) as JSON and returns the answer's JSON, or throws a TrackerError. */
function callTracker({ url, method = 'GET', headers = {}, body }) {
  let answer;
  try {
    answer = $http.send({
      url,
      method,
      headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
      body: body === undefined ? '' : JSON.stringify(body),
      timeout: TIMEOUT_SECONDS,
    });
  } catch (error) {
    throw new TrackerError(`unreachable (${String(error).slice(0, 160)})`, 0);
  }
  const code = answer.statusCode;
  if (code === 404) throw new TrackerError('not found', 404);
  if (code < 200 || code >= 300) throw new TrackerError(`answered ${code}`, code);
  return answer.json;
}

module.exports = { callTracker, TrackerError };
