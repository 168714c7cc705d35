// Audiences (issue 59, src/contract/audience.ts): the principals the site's Worker renders the audiences' cached
// copies as (the member audience's, and a segment audience's, made on its first ask), whose tokens only the Worker
// gets (with a proof from CHORUS_PROXY_SECRET); and any sign-in as one refused (their writes: Go's audience.go).
// Which audience a member is of is Go's to say, in their session check (server/cmd/pocketbase/session.go).
const { AUDIENCE_MEMBER, AUDIENCE_PRINCIPAL_ID, PRINCIPAL_SEGMENT_FIELD, segmentOfAudience } = require(
  `${__hooks}/platform/contract/audience.js`,
);

/** An account the Worker renders an audience's copy as: the member audience's, or a segment audience's. */
function isPrincipal(user) {
  return user.id === AUDIENCE_PRINCIPAL_ID || user.getString(PRINCIPAL_SEGMENT_FIELD) !== '';
}

/** The principal made for `segment`, or null. */
function segmentPrincipal(app, segment) {
  const [found] = app.findRecordsByFilter('users', `${PRINCIPAL_SEGMENT_FIELD} = {:segment}`, '', 1, 0, { segment });
  return found ?? null;
}

/** The principal of `audience` (a users record), made the first time a segment audience's is asked for; null when
 * `audience` names no audience, or a segment without a board of its own (no member is of its audience). */
function principalOf(app, audience) {
  if (audience === AUDIENCE_MEMBER) return app.findRecordById('users', AUDIENCE_PRINCIPAL_ID);
  const segment = segmentOfAudience(String(audience ?? ''));
  if (!segment) return null;
  const [board] = app.findRecordsByFilter('boards', "segment = {:segment} && visibility = 'segment'", '', 1, 0, {
    segment,
  });
  if (!board) return null;
  const found = segmentPrincipal(app, segment);
  if (found) return found;
  const principal = new Record(app.findCachedCollectionByNameOrId('users'));
  principal.set('email', `audience-${segment}@chorus.invalid`);
  principal.set('emailVisibility', false);
  principal.set('name', '');
  principal.set('role', 'member');
  principal.set('verified', true);
  principal.set(PRINCIPAL_SEGMENT_FIELD, segment);
  principal.setPassword($security.randomString(64));
  try {
    app.saveNoValidate(principal);
  } catch (error) {
    // Another request made it first (the unique index on audience_segment): theirs is the one.
    const made = segmentPrincipal(app, segment);
    if (!made) throw error;
    return made;
  }
  return principal;
}

/** POST /api/chorus/audience/token { proof }: an audience's principal's auth token, for the Worker alone. The proof
 * names the audience (none: the member audience, as the Worker asked before segment audiences). */
function principalToken(e) {
  const { siteProofKey, parseSiteProof } = require(`${__hooks}/platform/site-proof.js`);
  if (!siteProofKey('audience')) throw new ApiError(503, 'The site shares no secret with PocketBase.');
  const claims = parseSiteProof(e.requestInfo().body.proof, 'audience', 'token');
  if (!claims) throw new UnauthorizedError('Bad proof.');
  const principal = principalOf(e.app, claims.audience ?? AUDIENCE_MEMBER);
  if (!principal) throw new NotFoundError('No such audience.');
  return e.json(200, { token: principal.newAuthToken() });
}

/** Any sign-in as a principal (password, OTP, OAuth2, a refresh) is refused: only the Worker holds their tokens. */
function refusePrincipalSignIn(e) {
  if (e.record && isPrincipal(e.record)) throw new ForbiddenError('This account cannot sign in.');
}

module.exports = { principalToken, refusePrincipalSignIn };
