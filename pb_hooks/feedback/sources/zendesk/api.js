// The one module that speaks to Zendesk for the feedback inbox: the Support API (developer.zendesk.com/api-reference/
// ticketing/): GET /api/v2/tickets/{id}.json, /api/v2/tickets/{id}/comments.json and /api/v2/users/{id}.json to read a
// ticket the webhook named, and PUT /api/v2/tickets/{id}.json with { ticket: { comment: { body, public } } } for the
// answer (a public reply or an internal note), each with an API token (basic auth, "{email}/token:{token}"). Calls go
// through platform/outbound/outbound.js (public addresses only, no redirects, a time and size cap).
// CHORUS_ZENDESK_API_URL points the calls at a local server speaking the same API (tests), else
// https://{subdomain}.zendesk.com.
const { send } = require(`${__hooks}/platform/outbound/outbound.js`);
const { base64OfBytes } = require(`${__hooks}/feedback/sources/zendesk/verify.js`);

const TIMEOUT_SECONDS = 5;
const MAX_ANSWER_BYTES = 1024 * 1024; // a ticket's first page of comments (100) with their bodies
const ID = /^\d{1,20}$/;

/** The account's API address: the local stand-in's when set, else the subdomain's. */
function apiBase(settings) {
  const local = $os.getenv('CHORUS_ZENDESK_API_URL');
  if (local) return local.replace(/\/+$/, '');
  const subdomain = settings.getString('subdomain');
  return subdomain ? `https://${subdomain}.zendesk.com` : '';
}

/** The agent's address of a ticket (what an item links back to). */
const agentTicketUrl = (settings, ticketId) =>
  settings.getString('subdomain')
    ? `https://${settings.getString('subdomain')}.zendesk.com/agent/tickets/${ticketId}`
    : '';

/** The Authorization header of an API token: Basic base64("{email}/token:{token}") (the email is ASCII, checked). */
function authorization(settings) {
  const pair = `${settings.getString('agent_email')}/token:${settings.getString('api_token')}`;
  return `Basic ${base64OfBytes(Array.from(pair, (char) => char.charCodeAt(0) & 0xff))}`;
}

const ready = (settings) =>
  Boolean(apiBase(settings) && settings.getString('agent_email') && settings.getString('api_token'));

/** One GET of the Support API: its JSON, or null (a warning logged with the status and a fixed reason only). */
function getJson(app, settings, path) {
  if (!ready(settings)) return null;
  const answer = send({
    url: `${apiBase(settings)}${path}`,
    headers: { authorization: authorization(settings), accept: 'application/json', 'user-agent': 'Chorus-Feedback/1' },
    timeoutSeconds: TIMEOUT_SECONDS,
    maxBytes: MAX_ANSWER_BYTES,
  });
  try {
    if (answer.ok && answer.body) return JSON.parse(answer.body);
  } catch {
    // an answer that is not JSON is a failure like any other
  }
  app.logger().warn('Zendesk: an API call failed', 'path', path, 'status', answer.status, 'reason', answer.reason);
  return null;
}

/** The ticket ({ id, subject, requester_id, tags, status, … }) or null. */
function zendeskTicket(app, settings, id) {
  return ID.test(String(id)) ? getJson(app, settings, `/api/v2/tickets/${id}.json`)?.ticket || null : null;
}

/** The ticket's comments, oldest first (the first page: up to 100), or null. */
function ticketComments(app, settings, id) {
  if (!ID.test(String(id))) return null;
  const answer = getJson(app, settings, `/api/v2/tickets/${id}/comments.json?sort_order=asc`);
  return Array.isArray(answer?.comments) ? answer.comments : null;
}

/** A user ({ id, name, email, role, suspended, … }) or null. */
function zendeskUser(app, settings, id) {
  return ID.test(String(id)) ? getJson(app, settings, `/api/v2/users/${id}.json`)?.user || null : null;
}

/**
 * Adds a comment to ticket `id`: { body, public } (an internal note when not public). Answers { ok, code, error }:
 * `error` '' on success, else a fixed reason: outbound's, or zendesk:<kind> for the statuses Zendesk documents.
 */
function addTicketComment(settings, id, body, isPublic, timeoutSeconds = TIMEOUT_SECONDS) {
  if (!ready(settings)) return { ok: false, code: 0, error: 'no_token' };
  if (!ID.test(String(id))) return { ok: false, code: 0, error: 'zendesk:not_found' };
  const answer = send({
    url: `${apiBase(settings)}/api/v2/tickets/${id}.json`,
    method: 'PUT',
    headers: {
      authorization: authorization(settings),
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Chorus-Feedback/1',
    },
    body: JSON.stringify({ ticket: { comment: { body, public: isPublic === true } } }),
    timeoutSeconds,
  });
  if (answer.ok) return { ok: true, code: answer.status, error: '' };
  const kinds = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 422: 'unprocessable', 429: 'rate_limited' };
  const kind = kinds[answer.status];
  return { ok: false, code: answer.status, error: kind ? `zendesk:${kind}` : answer.reason || 'failed' };
}

module.exports = { zendeskTicket, ticketComments, zendeskUser, addTicketComment, agentTicketUrl };
