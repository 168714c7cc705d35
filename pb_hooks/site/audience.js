// Audiences (issue 59, src/contract/audience.ts): which cached copy a signed-in member's public pages may come from,
// named in their auth refresh; the member audience's principal, whose token only the site's Worker gets (with a
// proof from CHORUS_PROXY_SECRET), to render that copy; and any sign-in as it refused (its writes: Go's audience.go).
const { AUDIENCE_MEMBER, AUDIENCE_PRINCIPAL_ID } = require(`${__hooks}/platform/contract/audience.js`);

/** What only the member sees beside what every plain member sees: the board of a segment they are in, their own idea
 * waiting for review, their own comment staff hid, a question sent to them (each an indexed look-up: the partial
 * indexes of pb_migrations/1764900110_create_audience_principal.js, and the user indexes of segment_members,
 * question_recipients and idea_answers). A segment without a board of its own shows its members nothing more: they
 * share the member copy (segments also weigh votes and filter staff's lists, which no member's page shows). */
const OWN_VIEW = [
  "SELECT 1 FROM segment_members m JOIN boards b ON b.segment = m.segment AND b.visibility = 'segment' " +
    'WHERE m.user = {:id}',
  'SELECT 1 FROM posts WHERE author = {:id} AND approved = FALSE',
  'SELECT 1 FROM comments WHERE author = {:id} AND hidden = TRUE',
  // A question staff sent them that they have not answered (the idea page offers it: AskVoters.astro).
  'SELECT 1 FROM question_recipients r WHERE r.user = {:id} AND NOT EXISTS ' +
    '(SELECT 1 FROM idea_answers a WHERE a.question = r.question AND a.user = {:id})',
];
/** All four in one statement, a row when any finds one: every member's auth refresh runs it, and four queries cost
 * the refresh 0.10-0.19 ms of PocketBase's CPU (a fifth to two fifths of it), one costs 0-0.08 ms
 * (`npm run bench -- auth-refresh`; docs: architecture/edge-cache). */
const OWN_VIEW_SQL = `SELECT 1 AS found WHERE ${OWN_VIEW.map((sql) => `EXISTS (${sql})`).join(' OR ')}`;

/** Whether the member sees anything of their own (OWN_VIEW). */
function seesOwn(app, id) {
  const rows = arrayOf(new DynamicModel({ found: 0 }));
  app.db().newQuery(OWN_VIEW_SQL).bind({ id }).all(rows);
  return rows.length > 0;
}

/** AUDIENCE_MEMBER for a verified, unblocked plain member who sees nothing of their own beyond what every such member
 * sees; '' for anyone else (staff, a member of a segment with a board, an unconfirmed or blocked account, the author
 * of an idea waiting for review or of a hidden comment): their pages are rendered for them alone. */
function audienceOf(app, user) {
  if (!user || user.id === AUDIENCE_PRINCIPAL_ID) return '';
  if (user.getString('role') !== 'member' || !user.getBool('verified') || user.getBool('blocked')) return '';
  return seesOwn(app, user.id) ? '' : AUDIENCE_MEMBER;
}

/** POST /api/chorus/audience/token { proof }: the principal's auth token, for the Worker alone. */
function principalToken(e) {
  const { siteProofKey, parseSiteProof } = require(`${__hooks}/platform/site-proof.js`);
  if (!siteProofKey('audience')) throw new ApiError(503, 'The site shares no secret with PocketBase.');
  if (!parseSiteProof(e.requestInfo().body.proof, 'audience', 'token')) throw new UnauthorizedError('Bad proof.');
  const principal = e.app.findRecordById('users', AUDIENCE_PRINCIPAL_ID);
  return e.json(200, { token: principal.newAuthToken() });
}

/** Any sign-in as the principal (password, OTP, OAuth2, a refresh) is refused: only the Worker holds its token. */
function refusePrincipalSignIn(e) {
  if (e.record && e.record.id === AUDIENCE_PRINCIPAL_ID) throw new ForbiddenError('This account cannot sign in.');
  return e.next();
}

module.exports = { audienceOf, principalToken, refusePrincipalSignIn };
