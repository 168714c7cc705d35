// Audiences (issue 59, src/contract/audience.ts): which cached copy a signed-in member's public pages may come from,
// named in their auth refresh; the member audience's principal, whose token only the site's Worker gets (with a
// proof from CHORUS_PROXY_SECRET), to render that copy; and the principal's writes, every one refused.
const { AUDIENCE_MEMBER, AUDIENCE_PRINCIPAL_ID } = require(`${__hooks}/platform/contract/audience.js`);

/** AUDIENCE_MEMBER for a verified, unblocked plain member in no segment; '' for anyone else (staff, a segment's
 * member, an unconfirmed or blocked account): their pages are rendered for them alone. */
function audienceOf(app, user) {
  if (!user || user.id === AUDIENCE_PRINCIPAL_ID) return '';
  if (user.getString('role') !== 'member' || !user.getBool('verified') || user.getBool('blocked')) return '';
  const rows = arrayOf(new DynamicModel({ id: '' }));
  app
    .recordQuery('segment_members')
    .select('id')
    .andWhere($dbx.hashExp({ user: user.id }))
    .limit(1)
    .all(rows);
  return rows.length === 0 ? AUDIENCE_MEMBER : '';
}

/** POST /api/chorus/audience/token { proof }: the principal's auth token, for the Worker alone. */
function principalToken(e) {
  const { siteProofKey, parseSiteProof } = require(`${__hooks}/platform/site-proof.js`);
  if (!siteProofKey('audience')) throw new ApiError(503, 'The site shares no secret with PocketBase.');
  if (!parseSiteProof(e.requestInfo().body.proof, 'audience', 'token')) throw new UnauthorizedError('Bad proof.');
  const principal = e.app.findRecordById('users', AUDIENCE_PRINCIPAL_ID);
  return e.json(200, { token: principal.newAuthToken() });
}

const READS = ['GET', 'HEAD', 'OPTIONS'];

/** Every request: the principal reads, never writes (votes, comments, ideas, follows, reactions, anything). */
function refusePrincipalWrites(e) {
  if (e.auth && e.auth.id === AUDIENCE_PRINCIPAL_ID && !READS.includes(e.request.method)) {
    throw new ForbiddenError('This account only reads.');
  }
  return e.next();
}

/** Any sign-in as the principal (password, OTP, OAuth2, a refresh) is refused: only the Worker holds its token. */
function refusePrincipalSignIn(e) {
  if (e.record && e.record.id === AUDIENCE_PRINCIPAL_ID) throw new ForbiddenError('This account cannot sign in.');
  return e.next();
}

module.exports = { audienceOf, principalToken, refusePrincipalWrites, refusePrincipalSignIn };
