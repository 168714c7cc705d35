// The one module that speaks to HubSpot (issue 58): its CRM v3 reads of companies (POST
// /crm/v3/objects/companies/batch/read, GET /crm/v3/objects/companies?after=… for a full sync) and of owners (GET
// /crm/v3/owners, every owner in a call or a few), in the shapes of HubSpot's published OpenAPI specs
// (github.com/HubSpot/HubSpot-public-api-spec-collection, PublicApiSpecs/CRM/Companies and CRM/Owners), with a
// private app's access token (scopes crm.objects.companies.read and crm.objects.owners.read). Calls go through
// platform/outbound/outbound.js (public addresses only, no redirects, a time and size cap).
// CHORUS_HUBSPOT_API_URL points them at a local server speaking the same API (tests).
const { send, jsonAnswer } = require(`${__hooks}/platform/outbound/outbound.js`);

const TIMEOUT_SECONDS = 5;
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
/** HubSpot's batch read takes at most 100 ids. */
const MAX_BATCH = 100;
const PROPERTIES = ['name', 'domain', 'annualrevenue', 'lifecyclestage', 'hubspot_owner_id'];

const apiUrl = () => ($os.getenv('CHORUS_HUBSPOT_API_URL') || 'https://api.hubapi.com').replace(/\/+$/, '');

/** One call: { ok: true, json } or { ok: false, error }: HubSpot's status (401 a refused token, 403 a missing
 * scope, 404, 429, 5xx) or outbound's fixed reason; never HubSpot's words. */
function call(token, method, path, body) {
  if (!token) return { ok: false, error: 'no_token' };
  const answer = send({
    url: `${apiUrl()}${path}`,
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      'user-agent': 'Chorus-Companies/1',
    },
    body: body === undefined ? '' : JSON.stringify(body),
    timeoutSeconds: TIMEOUT_SECONDS,
    maxBytes: MAX_ANSWER_BYTES,
  });
  return jsonAnswer(answer);
}

const companyId = (id) => /^[0-9]{1,20}$/.test(String(id));

/** The companies HubSpot has among `ids` (at most 100): { ok, companies: [{ id, properties, … }] }; an id it does
 * not return (deleted, merged away, never there) is simply absent (HubSpot answers 207 with an error for it). */
function readCompanies(token, ids) {
  const inputs = ids
    .filter(companyId)
    .slice(0, MAX_BATCH)
    .map((id) => ({ id: String(id) }));
  if (inputs.length === 0) return { ok: true, companies: [] };
  const answer = call(token, 'POST', '/crm/v3/objects/companies/batch/read', { properties: PROPERTIES, inputs });
  if (!answer.ok) return answer;
  const results = Array.isArray(answer.json.results) ? answer.json.results : [];
  return { ok: true, companies: results.filter((one) => one && companyId(one.id) && !one.archived) };
}

/** One page of every company: { ok, companies, after } (after '' on the last page). */
function readCompanyPage(token, after) {
  const query = `limit=100&properties=${PROPERTIES.join(',')}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
  const answer = call(token, 'GET', `/crm/v3/objects/companies?${query}`);
  if (!answer.ok) return answer;
  const results = Array.isArray(answer.json.results) ? answer.json.results : [];
  const next = String(answer.json.paging?.next?.after || '');
  return { ok: true, companies: results.filter((one) => one && companyId(one.id)), after: next };
}

/** HubSpot's owners list takes at most 500 a page; 10 pages cover any account Chorus serves. */
const OWNERS_PAGE = 500;
const MAX_OWNER_PAGES = 10;

/** An owner's name as Chorus shows it: first and last, else the email. */
function ownerName({ firstName, lastName, email }) {
  const name = [firstName, lastName].filter((part) => typeof part === 'string' && part.trim()).join(' ');
  return (name || String(email || '')).trim().slice(0, 200);
}

/** Every active owner's name, { ok, names: { id: name } }, in a call or a few (an owner not listed has none). */
function readOwnerNames(token) {
  const names = {};
  let after = '';
  for (let page = 0; page < MAX_OWNER_PAGES; page += 1) {
    const query = `limit=${OWNERS_PAGE}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    const answer = call(token, 'GET', `/crm/v3/owners?${query}`);
    if (!answer.ok) return answer;
    const results = Array.isArray(answer.json.results) ? answer.json.results : [];
    for (const owner of results) if (owner && companyId(owner.id)) names[String(owner.id)] = ownerName(owner);
    after = String(answer.json.paging?.next?.after || '');
    if (!after) break;
  }
  return { ok: true, names };
}

module.exports = { readCompanies, readCompanyPage, readOwnerNames, MAX_BATCH };
