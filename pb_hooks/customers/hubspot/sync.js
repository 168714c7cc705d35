// HubSpot's companies to Chorus's companies (issue 58). An event only says which companies changed: they are then read
// from HubSpot's API (./api.js), so an event replayed, retried or delivered out of order still writes HubSpot's
// current truth, never the event's old copy.
//
// Which company: the one linked to this HubSpot company before (companies.hubspot_company); else the one with the same
// domain not yet linked to another HubSpot company; else a new company (external id `hubspot:<id>`). HubSpot keeps the owner's name and the lifecycle stage
// (stamped with hubspot_at), and the name and domain of a company it created or one that had none; a name or domain
// staff gave stays. The annual revenue, ÷ 12, is offered as the monthly revenue with source 'hubspot'
// (customers/revenue.js): written over HubSpot's own earlier value or an empty one, else kept pending beside the
// value staff gave until an admin accepts it. A company HubSpot no longer has (deleted, merged away) is unlinked:
// owner and stage cleared, a revenue HubSpot gave dropped to 0; the Chorus company itself, with its members' votes,
// stays.
const { readCompanies, readOwnerNames } = require(`${__hooks}/customers/hubspot/api.js`);
const { offerRevenue, clearPending } = require(`${__hooks}/customers/revenue.js`);
const { normalDomain } = require(`${__hooks}/customers/domain.js`);
const { firstRecordOrNull } = require(`${__hooks}/platform/records.js`);

/** HubSpot's annualrevenue (a number as text, in the account's currency) as a monthly amount, or null if unset. */
function monthlyOf(annual) {
  if (annual === null || annual === undefined || String(annual).trim() === '') return null;
  const value = Number(annual);
  return Number.isFinite(value) && value >= 0 ? value / 12 : null;
}

const findOne = (app, filter, params) => firstRecordOrNull(app, 'companies', filter, params);

/** Writes HubSpot's company `found` (with its owner's name) into Chorus: 'created' | 'updated' | 'pending' | 'unchanged'. */
function upsertCompany(app, found, ownerName) {
  const id = String(found.id);
  const props = found.properties || {};
  const domain = normalDomain(props.domain);
  const name =
    String(props.name || '')
      .trim()
      .slice(0, 200) ||
    domain ||
    `HubSpot ${id}`;
  let outcome = 'unchanged';
  app.runInTransaction((txApp) => {
    let record =
      findOne(txApp, 'hubspot_company = {:id}', { id }) ||
      (domain && findOne(txApp, "domain = {:domain} && hubspot_company = ''", { domain }));
    const created = !record;
    if (created) {
      record = new Record(txApp.findCollectionByNameOrId('companies'));
      record.set('external_id', `hubspot:${id}`);
    }
    const own = record.getString('external_id') === `hubspot:${id}`;
    let changed = created;
    const set = (field, value) => {
      if (record.getString(field) === value) return;
      record.set(field, value);
      changed = true;
    };
    if (own || !record.getString('name')) set('name', name);
    if (domain && (own || !record.getString('domain'))) set('domain', domain);
    set('hubspot_company', id);
    set('owner_name', ownerName);
    set('lifecycle_stage', String(props.lifecyclestage || '').slice(0, 60));
    if (changed) record.set('hubspot_at', new DateTime());
    // An empty annual revenue offers nothing, except 0 over a revenue HubSpot itself gave.
    const monthly = monthlyOf(props.annualrevenue) ?? (record.getString('revenue_source') === 'hubspot' ? 0 : null);
    const offered = monthly === null ? 'unchanged' : offerRevenue(record, { amount: monthly, source: 'hubspot' });
    if (changed || offered !== 'unchanged') txApp.save(record);
    if (created) outcome = 'created';
    else if (offered === 'pending') outcome = 'pending';
    else if (changed || offered !== 'unchanged') outcome = 'updated';
  });
  return outcome;
}

/** Unlinks the company of a HubSpot company that is gone: 'unlinked' | 'unmatched'. */
function unlinkCompany(app, id) {
  let outcome = 'unmatched';
  app.runInTransaction((txApp) => {
    const record = findOne(txApp, 'hubspot_company = {:id}', { id: String(id) });
    if (!record) return;
    record.set('hubspot_company', '');
    record.set('owner_name', '');
    record.set('lifecycle_stage', '');
    record.set('hubspot_at', new DateTime());
    if (record.getString('pending_source') === 'hubspot') clearPending(record);
    if (record.getString('revenue_source') === 'hubspot') offerRevenue(record, { amount: 0, source: 'hubspot' });
    txApp.save(record);
    outcome = 'unlinked';
  });
  return outcome;
}

/**
 * Brings the Chorus companies of HubSpot's company `ids` (distinct, at most 100) up to date. Answers
 * { ok: true, counts: { created, updated, pending, unchanged, unlinked, unmatched } } or { ok: false, error } when
 * HubSpot could not be read (nothing is written then).
 */
function syncCompanies(app, token, ids) {
  const read = readCompanies(token, ids);
  if (!read.ok) return read;
  return applyCompanies(app, token, read.companies, ids);
}

/**
 * Writes `companies` read from HubSpot; every id of `gone` HubSpot did not return is unlinked. The owners' names are
 * read once, all together, when a company names one; `owners` keeps them: a full sync passes the same one page
 * after page, so they are read once a run.
 */
function applyCompanies(app, token, companies, gone = [], owners = { names: null }) {
  if (!owners.names && companies.some((company) => company.properties?.hubspot_owner_id)) {
    const answer = readOwnerNames(token);
    if (!answer.ok) return answer;
    owners.names = answer.names;
  }
  const counts = { created: 0, updated: 0, pending: 0, unchanged: 0, unlinked: 0, unmatched: 0 };
  const returned = new Set(companies.map((company) => String(company.id)));
  for (const company of companies) {
    const owner = String(company.properties?.hubspot_owner_id || '');
    counts[upsertCompany(app, company, owners.names?.[owner] ?? '')] += 1;
  }
  for (const id of gone) if (!returned.has(String(id))) counts[unlinkCompany(app, id)] += 1;
  return { ok: true, counts };
}

module.exports = { syncCompanies, applyCompanies };
