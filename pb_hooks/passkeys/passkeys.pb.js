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

// The staff-passkey policy at its three doors (passkeys.js guardStaffPasskeys): a staff sign-in by another method
// while it is on (from the members' one auth hook, site/member-auth.js), turning it on without a passkey of one's
// own, and removing a staff member's last passkey.
const staffPasskeyPolicy = (e) =>
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
    const { guardStaffPasskeys } = require(`${__hooks}/passkeys/passkeys.js`);
    guardStaffPasskeys(e);
    return e.next();
  });

onRecordUpdateRequest(staffPasskeyPolicy, 'site');
onRecordDeleteRequest(staffPasskeyPolicy, 'passkeys');
