// Passkeys on PocketBase's side: the site's Worker verifies each WebAuthn ceremony (WebCrypto) and proves the
// result here with a short HS256 JWT signed by a key derived from CHORUS_PROXY_SECRET (platform/site-proof.js;
// src/lib/site-proof.ts derives the same); this side keeps credentials and one-time challenges and issues sessions. No proof, no
// secret, no session: a forged, expired or replayed proof is refused.
const { refusalText } = require(`${__hooks}/platform/refusals.js`);

const CHALLENGE_SECONDS = 5 * 60;
const MAX_PASSKEYS_PER_USER = 20;
const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const CREDENTIAL_PATTERN = /^[A-Za-z0-9_-]{16,1400}$/;
const ID_PATTERN = /^[a-z0-9]{15}$/;

/** The claims of a proof for action `act`, or a refusal (400/401/503). */
function readProof(e, act) {
  const { siteProofKey, parseSiteProof } = require(`${__hooks}/platform/site-proof.js`);
  if (!siteProofKey('passkeys')) throw new ApiError(503, refusalText('passkeyUnavailable'));
  const claims = parseSiteProof(e.requestInfo().body.proof, 'passkeys', act);
  if (!claims) throw new UnauthorizedError(refusalText('passkeyBadProof'));
  if (!CHALLENGE_PATTERN.test(String(claims.challenge || '')))
    throw new BadRequestError(refusalText('passkeyBadProof'));
  return claims;
}

/** The site's origin and relying party id, from PocketBase's Application URL (the site's address). */
function relyingParty(app) {
  const match = /^(https?):\/\/([^/:?#]+)(:\d+)?/i.exec(app.settings().meta.appURL || '');
  if (!match) throw new ApiError(503, refusalText('passkeyUnavailable'));
  const host = match[2].toLowerCase();
  return {
    origin: `${match[1].toLowerCase()}://${host}${match[3] || ''}`,
    rpId: host,
    rpName: app.settings().meta.appName || 'Chorus',
  };
}

const { dateString } = require(`${__hooks}/platform/dates.js`);

/** Stores a new challenge (and drops expired ones); answers what the Worker needs to build the options. */
function startCeremony(e) {
  const claims = readProof(e, 'challenge');
  const purpose = claims.purpose === 'register' ? 'register' : 'signin';
  const rp = relyingParty(e.app);
  let user = null;
  if (purpose === 'register') {
    if (!ID_PATTERN.test(String(claims.user || ''))) throw new BadRequestError(refusalText('passkeyBadProof'));
    user = e.app.findRecordById('users', String(claims.user));
    if (user.getBool('blocked')) throw new ForbiddenError(refusalText('accountBlocked'));
  }
  e.app.db().newQuery('DELETE FROM passkey_challenges WHERE expires_at < {:now}').bind({ now: dateString() }).execute();
  const row = new Record(e.app.findCachedCollectionByNameOrId('passkey_challenges'));
  row.set('challenge', String(claims.challenge));
  row.set('purpose', purpose);
  if (user) row.set('user', user.id);
  row.set('expires_at', new Date(Date.now() + CHALLENGE_SECONDS * 1000).toISOString());
  e.app.save(row);
  const answer = { ...rp, purpose };
  if (user) {
    const existing = e.app.findRecordsByFilter('passkeys', 'user = {:user}', '', 0, 0, { user: user.id });
    answer.user = { id: user.id, email: user.email(), name: user.getString('name') };
    answer.exclude = existing.map((passkey) => credentialOf(passkey));
  }
  return answer;
}

/** A stored credential as the Worker needs it (public key included: only the Worker ever sees it). */
function credentialOf(passkey) {
  return {
    id: passkey.getString('credential_id'),
    publicKey: passkey.getString('public_key'),
    counter: passkey.getInt('counter'),
    transports: parseTransports(passkey.get('transports')),
    user: passkey.getString('user'),
  };
}

function parseTransports(value) {
  try {
    const list = JSON.parse(JSON.stringify(value));
    return Array.isArray(list) ? list.filter((item) => typeof item === 'string').slice(0, 10) : [];
  } catch {
    return [];
  }
}

/** The pending challenge `claims.challenge` (unexpired, unused), or a refusal. */
function pendingChallenge(app, challenge) {
  try {
    const row = app.findFirstRecordByFilter('passkey_challenges', 'challenge = {:challenge}', { challenge });
    if (new Date(row.getDateTime('expires_at').string().replace(' ', 'T')).getTime() > Date.now()) return row;
  } catch {
    // Unknown: used already, or never made.
  }
  throw new BadRequestError(refusalText('passkeyExpired'));
}

function findCredential(app, id) {
  if (!CREDENTIAL_PATTERN.test(String(id || ''))) throw new BadRequestError(refusalText('passkeyUnknown'));
  try {
    return app.findFirstRecordByFilter('passkeys', 'credential_id = {:id}', { id: String(id) });
  } catch {
    throw new BadRequestError(refusalText('passkeyUnknown'));
  }
}

/** What the Worker verifies a response against: the challenge's purpose and owner, the site, the credential. */
function lookUp(e) {
  const claims = readProof(e, 'lookup');
  const row = pendingChallenge(e.app, String(claims.challenge));
  const answer = { ...relyingParty(e.app), purpose: row.getString('purpose'), user: row.getString('user') };
  if (claims.credential) answer.credential = credentialOf(findCredential(e.app, claims.credential));
  return answer;
}

/** Uses the challenge up inside `txApp`: the one finish that deletes it wins, any other is refused. */
function consume(txApp, challenge, purpose, user) {
  const row = pendingChallenge(txApp, challenge);
  if (row.getString('purpose') !== purpose || (user && row.getString('user') !== user)) {
    throw new BadRequestError(refusalText('passkeyExpired'));
  }
  txApp.delete(row);
}

/** A verified assertion: the challenge is used up, the counter must move forward, the owner is returned. */
function finishSignIn(e) {
  const claims = readProof(e, 'signin');
  const counter = Number(claims.counter);
  if (!Number.isInteger(counter) || counter < 0) throw new BadRequestError(refusalText('passkeyBadProof'));
  let user = null;
  e.app.runInTransaction((txApp) => {
    consume(txApp, String(claims.challenge), 'signin', null);
    const passkey = findCredential(txApp, claims.credential);
    const stored = passkey.getInt('counter');
    // Authenticators that keep no counter send 0 every time; one that does must always go up (a clone does not).
    if ((stored > 0 || counter > 0) && counter <= stored) throw new BadRequestError(refusalText('passkeyCounter'));
    passkey.set('counter', counter);
    passkey.set('last_used', new Date().toISOString());
    txApp.save(passkey);
    user = txApp.findRecordById('users', passkey.getString('user'));
  });
  return user;
}

/** A verified registration: the signed-in member's challenge is used up and the passkey stored. */
function finishRegistration(e) {
  const claims = readProof(e, 'register');
  const user = String(claims.user || '');
  const name = String(claims.name || '').trim();
  const counter = Number(claims.counter);
  if (!ID_PATTERN.test(user) || !Number.isInteger(counter) || counter < 0 || !claims.publicKey) {
    throw new BadRequestError(refusalText('passkeyBadProof'));
  }
  if (!CREDENTIAL_PATTERN.test(String(claims.credential || '')))
    throw new BadRequestError(refusalText('passkeyBadProof'));
  let saved = null;
  e.app.runInTransaction((txApp) => {
    consume(txApp, String(claims.challenge), 'register', user);
    const owner = txApp.findRecordById('users', user);
    if (owner.getBool('blocked')) throw new ForbiddenError(refusalText('accountBlocked'));
    const count = txApp.countRecords('passkeys', $dbx.exp('user = {:user}', { user }));
    if (count >= MAX_PASSKEYS_PER_USER) throw new BadRequestError(refusalText('passkeyTooMany'));
    try {
      txApp.findFirstRecordByFilter('passkeys', 'credential_id = {:id}', { id: String(claims.credential) });
      throw new BadRequestError(refusalText('passkeyTaken'));
    } catch (error) {
      if (error instanceof BadRequestError) throw error;
    }
    const passkey = new Record(txApp.findCachedCollectionByNameOrId('passkeys'));
    passkey.set('user', user);
    passkey.set('name', (name || 'Passkey').slice(0, 60));
    passkey.set('credential_id', String(claims.credential));
    passkey.set('public_key', String(claims.publicKey).slice(0, 4096));
    passkey.set('counter', counter);
    passkey.set('transports', parseTransports(claims.transports));
    txApp.save(passkey);
    saved = { id: passkey.id, name: passkey.getString('name'), created: passkey.getString('created') };
  });
  return saved;
}

/** Whether the site requires staff to sign in with a passkey. */
function staffPasskeyRequired(app) {
  try {
    return app.findFirstRecordByFilter('site', '1 = 1').getBool('staff_passkey_required');
  } catch {
    return false;
  }
}

const isStaffRole = (user) => require(`${__hooks}/platform/access.js`).hasStaffRole(user);
const passkeyCount = (app, userId) => app.countRecords('passkeys', $dbx.exp('user = {:user}', { user: userId }));

/**
 * The staff-passkey policy at each of its three doors (passkeys.pb.js), throwing its refusal; superusers (another
 * collection, PocketBase's admin UI) pass them all:
 * - users' sign-in: while it is on, a moderator or admin signs in with a passkey only (a token refresh has no method
 *   and keeps a session going);
 * - the site's update: only an admin who has a passkey turns it on (so the one turning it on can still sign in);
 * - a passkey's delete: while it is on, a staff member keeps at least one (removing the last would lock them out).
 */
function guardStaffPasskeys(e) {
  const door = e.collection.name;
  if (door === 'users') {
    if (e.authMethod && e.authMethod !== 'passkey' && isStaffRole(e.record) && staffPasskeyRequired(e.app)) {
      throw new ForbiddenError(refusalText('passkeyStaffRequired'));
    }
  } else if (door === 'site') {
    const turnedOn =
      !e.record.original().getBool('staff_passkey_required') && e.record.getBool('staff_passkey_required');
    if (turnedOn && !e.hasSuperuserAuth() && passkeyCount(e.app, e.auth.id) === 0) {
      throw new BadRequestError(refusalText('passkeyPolicyNeedsOwn'));
    }
    // The change is recorded by the audit log's generic hook (audit/audit-targets.js, site).
  } else if (door === 'passkeys') {
    if (!e.hasSuperuserAuth() && e.auth && isStaffRole(e.auth) && staffPasskeyRequired(e.app)) {
      if (passkeyCount(e.app, e.auth.id) <= 1) throw new BadRequestError(refusalText('passkeyLastForStaff'));
    }
  }
}

module.exports = {
  startCeremony,
  lookUp,
  finishSignIn,
  finishRegistration,
  staffPasskeyRequired,
  guardStaffPasskeys,
};
