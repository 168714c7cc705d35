// The one module that speaks to Zendesk for the feedback inbox: the Support API (developer.zendesk.com/api-reference/
// ticketing/): GET /api/v2/tickets/{id}.json, /api/v2/tickets/{id}/comments.json and /api/v2/users/{id}.json to read a
// ticket the webhook named, and PUT /api/v2/tickets/{id}.json with { ticket: { comment: { body, public } } } for the
// answer (a public reply or an internal note), each with an API token (basic auth, "{email}/token:{token}"). Calls go
// through ../vendor-api.js (platform/outbound/outbound.js: public addresses only, no redirects, a time and size cap).
// CHORUS_ZENDESK_API_URL points the calls at a local server speaking the same API (tests), else
// https://{subdomain}.zendesk.com.
const { getVendorJson, writeVendorJson, TIMEOUT_SECONDS } = require(`${__hooks}/feedback/sources/vendor-api.js`);
const { base64OfText } = require(`${__hooks}/platform/base64.js`);

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
  return `Basic ${base64OfText(pair)}`;
}

const ready = (settings) =>
  Boolean(apiBase(settings) && settings.getString('agent_email') && settings.getString('api_token'));

/** One GET of the Support API: its JSON, or null (logged). */
const getJson = (app, settings, path) =>
  ready(settings)
    ? getVendorJson(
        app,
        'Zendesk',
        `${apiBase(settings)}${path}`,
        { authorization: authorization(settings) },
        MAX_ANSWER_BYTES,
      )
    : null;

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
  return writeVendorJson({
    url: `${apiBase(settings)}/api/v2/tickets/${id}.json`,
    method: 'PUT',
    headers: { authorization: authorization(settings) },
    body: { ticket: { comment: { body, public: isPublic === true } } },
    timeoutSeconds,
    prefix: 'zendesk',
    kinds: { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 422: 'unprocessable', 429: 'rate_limited' },
  });
}

module.exports = { zendeskTicket, ticketComments, zendeskUser, addTicketComment, agentTicketUrl };
