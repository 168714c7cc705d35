// The customer an identify token describes (issue #24): its optional `company` {id, name, plan,
// monthly_revenue} and `attributes` (a small typed map). Read and checked in full before anything is
// written, so a refused customer part never signs the person in with half of it; then written in the
// sign-in's transaction: the company upserted by its id (the team's signed server is the authority on its
// name, plan and revenue) and the member's profile linked to it, with the attributes.
const { SsoRefusal } = require(`${__hooks}/sso/sso.js`);
const { firstRecordOrNull } = require(`${__hooks}/platform/records.js`);

const MAX_ATTRIBUTES = 30;
const MAX_ATTRIBUTE_VALUE = 200;
const MAX_ATTRIBUTES_BYTES = 4096;
const ATTRIBUTE_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const COMPANY_ID = /^[^\s]{1,128}$/;
const MAX_REVENUE = 1e12;

const refuse = (detail) => new SsoRefusal('bad_customer', 400, detail);
const isPlainObject = (value) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

/** A monthly revenue: a finite number from 0 to 1e12 (never a string), or undefined when not given. */
function readRevenue(value) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_REVENUE) {
    throw refuse('company.monthly_revenue must be a number from 0 to 1e12');
  }
  return value;
}

/** The company claim: null when absent, { clear: true } for an explicit null (the member left it). */
function readCompany(value) {
  if (value === undefined) return null;
  if (value === null) return { clear: true };
  if (!isPlainObject(value)) throw refuse('company must be an object');
  const rawId = typeof value.id === 'number' && Number.isInteger(value.id) ? String(value.id) : value.id;
  if (typeof rawId !== 'string' || !COMPANY_ID.test(rawId)) {
    throw refuse('company.id must be 1-128 characters without spaces');
  }
  if (typeof value.name !== 'string' || value.name.trim() === '' || value.name.length > 200) {
    throw refuse('company.name must be 1-200 characters');
  }
  if (value.plan !== undefined && value.plan !== null && (typeof value.plan !== 'string' || value.plan.length > 60)) {
    throw refuse('company.plan must be text of at most 60 characters');
  }
  return {
    id: rawId,
    name: value.name.trim(),
    plan: typeof value.plan === 'string' ? value.plan.trim() : undefined,
    monthlyRevenue: readRevenue(value.monthly_revenue),
  };
}

/** The attributes claim: a flat map of at most 30 keys to text (≤ 200), finite numbers or booleans, ≤ 4 KB. */
function readAttributes(value) {
  if (value === undefined) return null;
  if (!isPlainObject(value)) throw refuse('attributes must be an object');
  const keys = Object.keys(value);
  if (keys.length > MAX_ATTRIBUTES) throw refuse(`attributes has ${keys.length} keys (at most ${MAX_ATTRIBUTES})`);
  const attributes = {};
  for (const key of keys) {
    if (!ATTRIBUTE_KEY.test(key)) throw refuse(`attribute key ${JSON.stringify(key.slice(0, 50))} is not allowed`);
    const item = value[key];
    const ok =
      typeof item === 'boolean' ||
      (typeof item === 'number' && Number.isFinite(item) && Math.abs(item) <= 1e15) ||
      (typeof item === 'string' && item.length <= MAX_ATTRIBUTE_VALUE);
    if (!ok) throw refuse(`attribute ${key} must be text (at most 200 characters), a number or true/false`);
    attributes[key] = item;
  }
  if (JSON.stringify(attributes).length > MAX_ATTRIBUTES_BYTES) throw refuse('attributes are over 4 KB');
  return attributes;
}

/** The customer part of the claims ({ company, attributes }, each null when absent) or an SsoRefusal. */
function readCustomer(claims) {
  return { company: readCompany(claims.company), attributes: readAttributes(claims.attributes) };
}

/** Creates or updates the company with this external id; saves only what changed. */
function upsertCompany(app, company) {
  let record = firstRecordOrNull(app, 'companies', 'external_id = {:id}', { id: company.id });
  if (!record) {
    record = new Record(app.findCachedCollectionByNameOrId('companies'));
    record.set('external_id', company.id);
  }
  const changes = { name: company.name };
  if (company.plan !== undefined) changes.plan = company.plan;
  if (company.monthlyRevenue !== undefined) changes.monthly_revenue = company.monthlyRevenue;
  let changed = record.isNew();
  const before = record.isNew() ? 0 : record.getFloat('monthly_revenue');
  for (const [field, value] of Object.entries(changes)) {
    const now = field === 'monthly_revenue' ? record.getFloat(field) : record.getString(field);
    if (now !== value) {
      record.set(field, value);
      changed = true;
    }
  }
  if (changes.monthly_revenue !== undefined && record.getFloat('monthly_revenue') !== before) {
    require(`${__hooks}/customers/revenue.js`).stampRevenue(record, 'sso');
  }
  if (changed) app.save(record);
  return record;
}

/** Writes the customer part for `user` (a no-op when the token carries none). */
function applyCustomer(app, user, customer) {
  if (!customer || (!customer.company && !customer.attributes)) return null;
  let profile = firstRecordOrNull(app, 'member_profiles', 'user = {:user}', { user: user.id });
  if (!profile) {
    profile = new Record(app.findCachedCollectionByNameOrId('member_profiles'));
    profile.set('user', user.id);
  }
  if (customer.company) {
    profile.set('company', customer.company.clear ? '' : upsertCompany(app, customer.company).id);
  }
  if (customer.attributes) profile.set('attributes', customer.attributes);
  app.save(profile);
  return profile;
}

module.exports = { readCustomer, applyCustomer, readAttributes, readRevenue };
