/// <reference path="../../pb_data/types.d.ts" />
// Passkeys (WebAuthn): routes only the site's Worker can use (each body carries a proof signed with a key
// derived from CHORUS_PROXY_SECRET, pb_hooks/passkeys/passkeys.js), the staff-passkey policy on every other way in,
// and the guards that keep an admin from locking staff out.
// POST /api/chorus/passkeys/challenge { proof } → { origin, rpId, rpName, purpose, user?, exclude? }
// POST /api/chorus/passkeys/lookup { proof } → { origin, rpId, purpose, user, credential? }
// POST /api/chorus/passkeys/signin { proof } → a PocketBase sign-in ({ token, record }), method 'passkey'
// POST /api/chorus/passkeys/register { proof } → { id, name, created }
{
  const { inRequestLanguage } = require(`${__hooks}/platform/refusals.js`);
  routerAdd(
    'POST',
    '/api/chorus/passkeys/challenge',
    (e) => e.json(200, require(`${__hooks}/passkeys/passkeys.js`).startCeremony(e)),
    inRequestLanguage,
  );
  routerAdd(
    'POST',
    '/api/chorus/passkeys/lookup',
    (e) => e.json(200, require(`${__hooks}/passkeys/passkeys.js`).lookUp(e)),
    inRequestLanguage,
  );
  routerAdd(
    'POST',
    '/api/chorus/passkeys/signin',
    (e) => {
      const user = require(`${__hooks}/passkeys/passkeys.js`).finishSignIn(e);
      return $apis.recordAuthResponse(e, user, 'passkey', null);
    },
    inRequestLanguage,
  );
  routerAdd(
    'POST',
    '/api/chorus/passkeys/register',
    (e) => e.json(200, require(`${__hooks}/passkeys/passkeys.js`).finishRegistration(e)),
    inRequestLanguage,
  );
}

// With the policy on, a moderator or admin signs in with a passkey only (a token refresh has no method and
// keeps a session going). Superusers are another collection and never pass here.
onRecordAuthRequest(
  (e) =>
    require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
      const { staffPasskeyRequired, isStaffRole } = require(`${__hooks}/passkeys/passkeys.js`);
      const { refusalText } = require(`${__hooks}/platform/refusals.js`);
      if (e.authMethod && e.authMethod !== 'passkey' && isStaffRole(e.record) && staffPasskeyRequired(e.app)) {
        throw new ForbiddenError(refusalText('passkeyStaffRequired'));
      }
      return e.next();
    }),
  'users',
);

// Only an admin who has a passkey can turn the policy on (so the one turning it on can still sign in);
// superusers (PocketBase's admin UI) can always change it.
onRecordUpdateRequest(
  (e) =>
    require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
      const { passkeyCount } = require(`${__hooks}/passkeys/passkeys.js`);
      const { refusalText } = require(`${__hooks}/platform/refusals.js`);
      const was = e.record.original().getBool('staff_passkey_required');
      const now = e.record.getBool('staff_passkey_required');
      if (was === now) return e.next();
      if (now && !e.hasSuperuserAuth() && passkeyCount(e.app, e.auth.id) === 0) {
        throw new BadRequestError(refusalText('passkeyPolicyNeedsOwn'));
      }
      // The change is recorded by the audit log's generic hook (audit/audit-targets.js, site).
      return e.next();
    }),
  'site',
);

// While the policy is on, a staff member keeps at least one passkey (removing the last would lock them out).
onRecordDeleteRequest(
  (e) =>
    require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
      const { staffPasskeyRequired, isStaffRole, passkeyCount } = require(`${__hooks}/passkeys/passkeys.js`);
      const { refusalText } = require(`${__hooks}/platform/refusals.js`);
      if (!e.hasSuperuserAuth() && e.auth && isStaffRole(e.auth) && staffPasskeyRequired(e.app)) {
        if (passkeyCount(e.app, e.auth.id) <= 1) throw new BadRequestError(refusalText('passkeyLastForStaff'));
      }
      return e.next();
    }),
  'passkeys',
);
