/// <reference path="../../pb_data/types.d.ts" />
// API keys (issue #26, item 1; api-keys/api-keys.js): admins create and revoke them here; every request a key makes
// through PocketBase's record API counts against the key's own per-minute limit, a read key's writes are
// refused in words that say why, a key's service member cannot be changed through the API, and an admin who
// stops being one (demoted, blocked, erased) takes their keys with them.

// POST /api/chorus/api-keys {name, scope, rate_limit?, expires_at?} — an admin (a person, not a superuser:
// a key acts for someone) creates a key; the answer is the only time the key is shown.
routerAdd(
  'POST',
  '/api/chorus/api-keys',
  (e) => {
    const { requireAdmin } = require(`${__hooks}/platform/staff.js`);
    const { createKey, publicKey, isKeyMember } = require(`${__hooks}/api-keys/api-keys.js`);
    const { refusalText } = require(`${__hooks}/platform/refusals.js`);
    const admin = requireAdmin(e);
    if (!admin || isKeyMember(admin)) throw new ForbiddenError(refusalText('apiKeyNeedsAdminMember'));
    const { key, token } = createKey(e, admin, e.requestInfo().body);
    e.response.header().set('Cache-Control', 'no-store');
    return e.json(200, { ...publicKey(key), token });
  },
  $apis.requireAuth('users', '_superusers'),
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

// POST /api/chorus/api-keys/{id}/revoke — admins (and superusers) revoke a key; it fails from the next request.
routerAdd(
  'POST',
  '/api/chorus/api-keys/{id}/revoke',
  (e) => {
    const { revokeKey, publicKey } = require(`${__hooks}/api-keys/api-keys.js`);
    const { refusalText } = require(`${__hooks}/platform/refusals.js`);
    let key = null;
    try {
      key = e.app.findRecordById('api_keys', e.request.pathValue('id'));
    } catch {
      throw new NotFoundError(refusalText('apiKeyNotFound'));
    }
    revokeKey(e.app, e, key);
    return e.json(200, publicKey(e.app.findRecordById('api_keys', key.id)));
  },
  ...require(`${__hooks}/platform/route-guards.js`).ADMINS,
);

// GET /api/chorus/api-keys/self — the calling key describes itself (name, scope, limit, expiry): what an agent
// or script checks first.
routerAdd(
  'GET',
  '/api/chorus/api-keys/self',
  (e) => {
    const { keyOf, spendKeyRequest, publicKey, refuseKeyInAddress } = require(`${__hooks}/api-keys/api-keys.js`);
    const { refusalText } = require(`${__hooks}/platform/refusals.js`);
    refuseKeyInAddress(e);
    const key = keyOf(e);
    if (!key) throw new UnauthorizedError(refusalText('apiKeyOnly'));
    spendKeyRequest(e);
    const { created_by: _, ...shown } = publicKey(key);
    return e.json(200, shown);
  },
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

// GET /api/chorus/api-keys/members?ids=<id,id,…> — staff: which of these members (up to 50) are API keys'
// service members, with the key's name, scope and state, so the members list shows them as keys (their
// `api_key` field is hidden from everyone but superusers). { items: [{ user, key, name, scope, revoked }] }
routerAdd(
  'GET',
  '/api/chorus/api-keys/members',
  (e) => {
    const { requireStaff } = require(`${__hooks}/platform/staff.js`);
    const { keyMembersAmong } = require(`${__hooks}/api-keys/api-keys.js`);
    requireStaff(e);
    const ids = String(e.request.url.query().get('ids') || '')
      .split(',')
      .filter((id) => /^[a-z0-9]{15}$/.test(id))
      .slice(0, 50);
    return e.json(200, { items: keyMembersAmong(e.app, ids) });
  },
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

// Each key's own limit, on every record request it makes (reads included: a person's reads run no code here
// beyond this check and a look at the query string for a key sent in the address, refused so it is not logged).
for (const register of [onRecordsListRequest, onRecordViewRequest]) {
  register((e) => {
    require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
      const keys = require(`${__hooks}/api-keys/api-keys.js`);
      keys.refuseKeyInAddress(e);
      keys.spendKeyRequest(e);
    });
    e.next();
  });
}
for (const register of [onRecordCreateRequest, onRecordUpdateRequest, onRecordDeleteRequest]) {
  register((e) => {
    require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
      const keys = require(`${__hooks}/api-keys/api-keys.js`);
      keys.refuseKeyInAddress(e);
      keys.spendKeyRequest(e);
      keys.refuseReadOnlyKey(e);
    });
    e.next();
  });
}

// A key's service member is the key's: its role, block, email and password change only with the key.
onRecordUpdateRequest(
  (e) =>
    require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
      if (e.record.original().getString('api_key') && !e.hasSuperuserAuth()) {
        const body = e.requestInfo().body;
        for (const field of ['role', 'blocked', 'email', 'password', 'api_key', 'verified']) {
          if (body[field] !== undefined) {
            const { refusalText } = require(`${__hooks}/platform/refusals.js`);
            throw new ForbiddenError(refusalText('apiKeyMemberManaged'));
          }
        }
      }
      e.next();
    }),
  'users',
);

// An admin who is demoted, blocked or erased no longer vouches for their keys: they are revoked.
onRecordAfterUpdateSuccess((e) => {
  const before = e.record.original();
  const wasAdmin = before.getString('role') === 'admin' && !before.getBool('blocked');
  const isAdmin = e.record.getString('role') === 'admin' && !e.record.getBool('blocked');
  if (wasAdmin && !isAdmin) {
    require(`${__hooks}/api-keys/api-keys.js`).revokeKeysOf(e.app, e.record.id, 'creator is no longer an active admin');
  }
  e.next();
}, 'users');

// No email ever goes to a key's service member (api-key-…@api-keys.invalid): whatever Chorus or PocketBase
// sends (notifications, digests, releases, alerts, questions, password resets, codes) passes through this one
// hook, which drops such recipients and sends nothing when none is left.
onMailerSend((e) => {
  const { withoutServiceRecipients } = require(`${__hooks}/api-keys/api-keys.js`);
  if (withoutServiceRecipients(e.message)) e.next();
});
