// The one module that speaks to Intercom for the feedback inbox: its REST API (developers.intercom.com/docs/
// references/rest-api/api.intercom.io/): GET /conversations/{id}, /contacts/{id} and /admins/{id} to read the
// conversation a signed notification named, and POST /conversations/{id}/reply with { message_type: 'note' |
// 'comment', type: 'admin', admin_id, body } for the answer (an internal note or a reply to the customer), each with
// the workspace's access token (Authorization: Bearer) and the Intercom-Version header. Calls go through
// ../vendor-api.js (platform/outbound/outbound.js: public addresses only, no redirects, a time and size cap).
// CHORUS_INTERCOM_API_URL points the calls at a local server speaking the same API (tests), else the region's host.
const { getVendorJson, writeVendorJson, TIMEOUT_SECONDS } = require(`${__hooks}/feedback/sources/vendor-api.js`);

const VERSION = '2.11';
const MAX_ANSWER_BYTES = 1024 * 1024; // a conversation with its parts (the API returns up to 500)
const CONVERSATION_ID = /^\d{1,24}$/;
const OBJECT_ID = /^[A-Za-z0-9_-]{1,64}$/; // a contact's (hex) or an admin's (digits) id
// Intercom's regions (developers.intercom.com, "Regional hosting"): the API's host and the teammates' app's.
const REGIONS = {
  '': { api: 'api.intercom.io', app: 'app.intercom.com' },
  eu: { api: 'api.eu.intercom.io', app: 'app.eu.intercom.com' },
  au: { api: 'api.au.intercom.io', app: 'app.au.intercom.com' },
};
const regionOf = (settings) => REGIONS[settings.getString('region')] || REGIONS[''];

/** The workspace's API address: the local stand-in's when set, else its region's. */
function apiBase(settings) {
  const local = $os.getenv('CHORUS_INTERCOM_API_URL');
  if (local) return local.replace(/\/+$/, '');
  return `https://${regionOf(settings).api}`;
}

/** The teammate's address of a conversation in the Intercom inbox (what an item links back to). */
function conversationUrl(settings, conversationId) {
  const workspace = settings.getString('workspace_id');
  return workspace ? `https://${regionOf(settings).app}/a/inbox/${workspace}/inbox/conversation/${conversationId}` : '';
}

const headers = (settings) => ({
  authorization: `Bearer ${settings.getString('access_token')}`,
  'intercom-version': VERSION,
});

/** One GET of the REST API: its JSON, or null (logged). */
const getJson = (app, settings, path) =>
  settings.getString('access_token')
    ? getVendorJson(app, 'Intercom', `${apiBase(settings)}${path}`, headers(settings), MAX_ANSWER_BYTES)
    : null;

/** The conversation ({ id, source, contacts, tags, conversation_parts, … }) or null. */
const intercomConversation = (app, settings, id) =>
  CONVERSATION_ID.test(String(id)) ? getJson(app, settings, `/conversations/${id}`) : null;

/** A contact ({ id, role, email, name, … }) or null. */
const intercomContact = (app, settings, id) =>
  OBJECT_ID.test(String(id)) ? getJson(app, settings, `/contacts/${id}`) : null;

/** A teammate ({ id, name, email, … }) or null. */
const intercomAdmin = (app, settings, id) =>
  OBJECT_ID.test(String(id)) ? getJson(app, settings, `/admins/${id}`) : null;

/**
 * Replies in conversation `id` as the settings' admin: an internal note, or a comment the customer sees when
 * `isPublic`; `body` is HTML (Intercom renders it). Answers { ok, code, error }: `error` '' on success, else a fixed
 * reason: outbound's, or intercom:<kind> for the statuses Intercom documents.
 */
function replyToConversation(settings, id, body, isPublic, timeoutSeconds = TIMEOUT_SECONDS) {
  if (!settings.getString('access_token') || !settings.getString('admin_id')) {
    return { ok: false, code: 0, error: 'no_token' };
  }
  if (!CONVERSATION_ID.test(String(id))) return { ok: false, code: 0, error: 'intercom:not_found' };
  return writeVendorJson({
    url: `${apiBase(settings)}/conversations/${id}/reply`,
    method: 'POST',
    headers: headers(settings),
    body: {
      message_type: isPublic ? 'comment' : 'note',
      type: 'admin',
      admin_id: settings.getString('admin_id'),
      body,
    },
    timeoutSeconds,
    prefix: 'intercom',
    kinds: {
      400: 'bad_request',
      401: 'unauthorized',
      403: 'forbidden',
      404: 'not_found',
      422: 'unprocessable',
      429: 'rate_limited',
    },
  });
}

module.exports = { intercomConversation, intercomContact, intercomAdmin, replyToConversation, conversationUrl };
