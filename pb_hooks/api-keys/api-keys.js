// API keys (issue #26, item 1). A key is a long-lived PocketBase auth token of a service member made for it
// (users.api_key set), so every PocketBase route, rule and realtime topic checks it natively: a read key is a
// blocked member (reads what members read, writes nothing), a member key an active member, a staff key a
// moderator. Revoking blocks the service member and changes its token key: the key stops at once. Only the
// key's SHA-256 is stored. Hooks count each key's requests against its own per-minute limit.
const { refusalText } = require(`${__hooks}/platform/refusals.js`);
const { memberOf } = require(`${__hooks}/platform/access.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

/** What each scope acts as (the contract: src/contract/api-key-scopes.ts). */
const SCOPES = require(`${__hooks}/platform/contract/api-key-scopes.js`).API_KEY_SCOPES;
const { boundList, firstIdOrNull } = require(`${__hooks}/platform/records.js`);
const MAX_ACTIVE_KEYS = 50;
const DEFAULT_RATE_LIMIT = 600; // requests a minute
const MAX_RATE_LIMIT = 100000;
const NEVER_SECONDS = 10 * 365 * 24 * 3600; // "no expiry": ten years
const MIN_EXPIRY_MS = 10_000; // an expiry a few seconds ahead at least: a key is never born expired
const LAST_USED_EVERY_MS = 60_000; // last_used_at is written at most once a minute per key
const SERVICE_EMAIL_DOMAIN = 'api-keys.invalid';

const { dateString } = require(`${__hooks}/platform/dates.js`);

/** The API key id behind the signed-in member of request `e`, or '' for a person (or nobody). */
function keyIdOf(e) {
  const user = memberOf(e);
  return user ? user.getString('api_key') : '';
}

/** Is `user` (a users record) the service member of an API key? */
const isKeyMember = (user) => Boolean(user && user.getString('api_key'));

/** Is `user` a read-only key's service member? */
const isReadOnlyKeyMember = (user) => isKeyMember(user) && user.getBool('blocked');

/** The key record of request `e`, or null. */
function keyOf(e) {
  const id = keyIdOf(e);
  if (!id) return null;
  try {
    return e.app.findRecordById('api_keys', id);
  } catch {
    return null;
  }
}

/** Counts one request of the key behind `e` (if any) against its limit; throws a 429 past it. */
function spendKeyRequest(e) {
  const key = keyOf(e);
  if (!key) return;
  const limit = key.getInt('rate_limit') || DEFAULT_RATE_LIMIT;
  const now = Date.now();
  const minute = Math.floor(now / 60_000);
  let count = 0;
  e.app.store().setFunc(`chorus:api-key:${key.id}`, (old) => {
    const [was, used] = String(old || '0:0')
      .split(':')
      .map(Number);
    count = was === minute ? used + 1 : 1;
    return `${minute}:${count}`;
  });
  if (count > limit) {
    try {
      // A record request's event holds its request event, which holds the response.
      const response = e.response || e.requestEvent?.response;
      response.header().set('Retry-After', String(60 - Math.floor((now % 60_000) / 1000)));
    } catch {
      // an event without a response (none known): the message says when to retry
    }
    throw new TooManyRequestsError(refusalText('apiKeyRateLimited'), {});
  }
  const last = key.getDateTime('last_used_at');
  const lastMs = last.isZero() ? 0 : last.unix() * 1000;
  if (now - lastMs >= LAST_USED_EVERY_MS) {
    e.app
      .db()
      .newQuery('UPDATE api_keys SET last_used_at = {:at} WHERE id = {:id}')
      .bind({ at: dateString(now), id: key.id })
      .execute();
  }
}

// Something shaped like a JWT (three base64url parts, the first two JSON objects: "eyJ" is base64 for '{"').
const JWT_SHAPE = /eyJ[\w-]{4,}\.eyJ[\w-]{4,}\.[\w-]{10,}/g;
const MAX_QUERY_TOKENS = 5; // a hostile address full of tokens costs at most this many look-ups

/** The raw query string of request `e` (a route's event, or a record request's, which holds its own request
 * event), every repeated parameter included; else rebuilt from its parsed parameters. */
function queryText(e) {
  const request = e.request || e.requestEvent?.request;
  if (request?.url) return String(request.url.rawQuery || '');
  const query = e.requestInfo().query || {};
  return Object.keys(query)
    .map((name) => `${name}=${query[name]}`)
    .join('&');
}

/**
 * Refuses (400) a request whose address carries an API key (`?token=<key>`, `?auth=Bearer <key>`, anywhere in
 * the query): addresses land in access logs, proxies and browser history. A key is a JWT whose payload names
 * a key's service member; other tokens (a protected file's, an unsubscribe link's) pass. Costs one regular
 * expression on the query string, and a look-up only for a JWT-shaped value.
 */
function refuseKeyInAddress(e) {
  const raw = queryText(e);
  if (raw.length < 40 || raw.indexOf('eyJ') === -1) return;
  let query = raw;
  try {
    query = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // a malformed escape: look at the raw text
  }
  const found = query.match(JWT_SHAPE) || [];
  for (const token of found.slice(0, MAX_QUERY_TOKENS)) {
    let claims = null;
    try {
      claims = $security.parseUnverifiedJWT(token);
    } catch {
      continue;
    }
    const id = claims && typeof claims.id === 'string' ? claims.id : '';
    if (!id || claims.type !== 'auth') continue;
    const keyMember = firstIdOrNull(e.app, "SELECT id FROM users WHERE id = {:id} AND api_key != '' LIMIT 1", { id });
    if (keyMember) throw new BadRequestError(refusalText('apiKeyInAddress'));
  }
}

/** Refuses a write by a read-only key, in words that say so. */
function refuseReadOnlyKey(e) {
  if (isReadOnlyKeyMember(memberOf(e))) throw new ForbiddenError(refusalText('apiKeyReadOnly'));
}

/** Is `address` a key's service member's (made up, never a mailbox)? */
const isServiceAddress = (address) =>
  String(address || '')
    .trim()
    .toLowerCase()
    .endsWith(`@${SERVICE_EMAIL_DOMAIN}`);

/** Drops service members' addresses from a MailerMessage's to, cc and bcc; false when no recipient is left. */
function withoutServiceRecipients(message) {
  let left = 0;
  for (const field of ['to', 'cc', 'bcc']) {
    const list = Array.from(message[field] || []);
    const kept = list.filter((recipient) => !isServiceAddress(recipient.address));
    if (kept.length !== list.length) message[field] = kept;
    left += kept.length;
  }
  return left > 0;
}

/** The key's settings as sent, checked; throws a 400 naming every refused field (the form shows each by its own). */
function keySettings(body) {
  const { normalizeName } = require(`${__hooks}/platform/text.js`);
  const name = typeof body.name === 'string' ? normalizeName(body.name) : '';
  const refused = {};
  let first = '';
  const fail = (field, key) => {
    const { fieldRefusal } = require(`${__hooks}/platform/refusals.js`);
    refused[field] = fieldRefusal('validation_api_key', key);
    if (!first) first = key;
  };
  if (!name || name.length > 80) fail('name', 'apiKeyName');
  const scope = String(body.scope || '');
  if (!Object.hasOwn(SCOPES, scope)) fail('scope', 'apiKeyScope');
  let rateLimit = DEFAULT_RATE_LIMIT;
  if (body.rate_limit !== undefined && body.rate_limit !== null && body.rate_limit !== '') {
    rateLimit =
      typeof body.rate_limit === 'number' || typeof body.rate_limit === 'string' ? Number(body.rate_limit) : 0;
    if (!Number.isInteger(rateLimit) || rateLimit < 1 || rateLimit > MAX_RATE_LIMIT)
      fail('rate_limit', 'apiKeyRateLimit');
  }
  let expiresAt = 0;
  if (body.expires_at !== undefined && body.expires_at !== null && body.expires_at !== '') {
    expiresAt = typeof body.expires_at === 'string' ? Date.parse(body.expires_at) : Number.NaN;
    if (
      !Number.isFinite(expiresAt) ||
      expiresAt <= Date.now() + MIN_EXPIRY_MS ||
      expiresAt > Date.now() + NEVER_SECONDS * 1000
    ) {
      fail('expires_at', 'apiKeyExpiry');
    }
  }
  if (first) throw new BadRequestError(refusalText(first), refused);
  return { name, scope, rateLimit, expiresAt };
}

/**
 * Creates a key for admin `creator` from request `e` (body: name, scope, rate_limit?, expires_at?): its service
 * member, its record and its audit entry, in one transaction. Returns { key: record, token } — the token is
 * shown to the admin once and never stored.
 */
function createKey(e, creator, body) {
  const settings = keySettings(body);
  const { recordAudit } = require(`${__hooks}/audit/audit.js`);
  let result = null;
  e.app.runInTransaction((txApp) => {
    // An expired key no longer counts: it works no more, like a revoked one.
    const active = txApp.countRecords(
      'api_keys',
      $dbx.exp("revoked_at = '' AND (expires_at = '' OR expires_at > {:now})", { now: dateString(Date.now()) }),
    );
    if (active >= MAX_ACTIVE_KEYS) throw new BadRequestError(refusalText('apiKeyTooMany'));
    const key = new Record(txApp.findCachedCollectionByNameOrId('api_keys'));
    key.set('name', settings.name);
    key.set('scope', settings.scope);
    key.set('created_by', creator.id);
    key.set('created_by_name', creator.getString('name') || creator.getString('email'));
    key.set('rate_limit', settings.rateLimit);
    if (settings.expiresAt) key.set('expires_at', dateString(settings.expiresAt));
    key.set('token_hash', $security.randomString(64)); // replaced below, once the token exists
    txApp.save(key);

    const role = SCOPES[settings.scope];
    const member = new Record(txApp.findCachedCollectionByNameOrId('users'));
    member.setEmail(`api-key-${key.id}@${SERVICE_EMAIL_DOMAIN}`);
    member.setPassword($security.randomString(64));
    member.setVerified(true);
    member.set('name', settings.name);
    member.set('role', role.role);
    member.set('blocked', role.blocked);
    member.set('api_key', key.id);
    for (const flag of ['email_on_comment', 'email_on_status', 'email_on_release']) member.set(flag, false);
    for (const mode of ['comment_emails', 'status_emails', 'release_emails']) member.set(mode, 'off');
    txApp.save(member);

    const seconds = settings.expiresAt ? Math.ceil((settings.expiresAt - Date.now()) / 1000) : NEVER_SECONDS;
    const token = member.newStaticAuthToken(seconds * 1e9);
    key.set('user', member.id);
    key.set('token_hash', $security.sha256(token));
    key.set('hint', token.slice(-6));
    txApp.save(key);
    recordAudit(txApp, e, {
      action: 'api_key.create',
      collection: 'api_keys',
      id: key.id,
      label: settings.name,
      after: { scope: settings.scope, rate_limit: settings.rateLimit, expires_at: key.getString('expires_at') },
    });
    result = { key, token };
  });
  return result;
}

/** Revokes `key` (a record): its service member is blocked and its token key changed, so it fails at once. */
function revokeKey(app, e, key, reason = '') {
  const { recordAudit } = require(`${__hooks}/audit/audit.js`);
  app.runInTransaction((txApp) => {
    const fresh = txApp.findRecordById('api_keys', key.id);
    if (fresh.getString('revoked_at')) return;
    fresh.set('revoked_at', dateString(Date.now()));
    txApp.save(fresh);
    const memberId = fresh.getString('user');
    if (memberId) {
      const member = txApp.findRecordById('users', memberId);
      member.set('blocked', true);
      member.refreshTokenKey();
      txApp.save(member);
    }
    // Its REST hooks (Zapier, Make, n8n subscriptions) stop with it: rest-hooks.pb.js, on this save.
    recordAudit(txApp, e, {
      action: 'api_key.revoke',
      collection: 'api_keys',
      id: fresh.id,
      label: fresh.getString('name'),
      after: reason ? { reason } : null,
    });
  });
}

/** Revokes every key `creator` made (they stopped being an active admin). */
function revokeKeysOf(app, creatorId, reason) {
  const keys = app.findRecordsByFilter('api_keys', "created_by = {:id} && revoked_at = ''", '', 0, 0, {
    id: creatorId,
  });
  for (const key of keys) revokeKey(app, null, key, reason);
}

/** Of member ids `ids`, the API keys' service members: [{ user, key, name, scope, revoked }]; one query. */
function keyMembersAmong(app, ids) {
  if (ids.length === 0) return [];
  const params = {};
  const names = boundList(params, 'u', ids);
  const rows = rowsOf(
    app,
    'SELECT u.id AS user, k.id AS key, k.name AS name, k.scope AS scope, k.revoked_at AS revoked_at ' +
      `FROM users u JOIN api_keys k ON k.id = u.api_key WHERE u.id IN (${names.join(', ')})`,
    { user: '', key: '', name: '', scope: '', revoked_at: '' },
    params,
  );
  return rows.map((row) => ({
    user: row.user,
    key: row.key,
    name: row.name,
    scope: row.scope,
    revoked: row.revoked_at !== '',
  }));
}

/** The key as its admins and its own caller see it (never the hash). */
function publicKey(key) {
  return {
    id: key.id,
    name: key.getString('name'),
    scope: key.getString('scope'),
    // The key's service member: what a script writes as author or user (rules compare it with the caller).
    user: key.getString('user'),
    hint: key.getString('hint'),
    rate_limit: key.getInt('rate_limit'),
    expires_at: key.getString('expires_at'),
    revoked_at: key.getString('revoked_at'),
    last_used_at: key.getString('last_used_at'),
    created_by: key.getString('created_by'),
    created_by_name: key.getString('created_by_name'),
    created: key.getString('created'),
  };
}

module.exports = {
  SCOPES,
  DEFAULT_RATE_LIMIT,
  MAX_ACTIVE_KEYS,
  keyIdOf,
  keyOf,
  isKeyMember,
  isReadOnlyKeyMember,
  spendKeyRequest,
  refuseReadOnlyKey,
  refuseKeyInAddress,
  isServiceAddress,
  withoutServiceRecipients,
  createKey,
  revokeKey,
  revokeKeysOf,
  publicKey,
  keyMembersAmong,
};
