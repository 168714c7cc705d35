// Audiences (issue 59, src/contract/audience.ts): which cached copy a signed-in member's public pages may come from,
// named in their auth refresh; the principals the site's Worker renders those copies as (the member audience's, and
// a segment audience's, made on its first ask), whose tokens only the Worker gets (with a proof from
// CHORUS_PROXY_SECRET); and any sign-in as one refused (their writes: Go's audience.go).
const { AUDIENCE_MEMBER, AUDIENCE_PRINCIPAL_ID, PRINCIPAL_SEGMENT_FIELD, segmentAudience, segmentOfAudience } = require(
  `${__hooks}/platform/contract/audience.js`,
);

/** What only the member sees beside what every member of their audience sees: their own idea waiting for review,
 * their own comment staff hid, a question sent to them (each an indexed look-up: the partial indexes of
 * pb_migrations/1764900110_create_audience_principal.js, and the user indexes of question_recipients and
 * idea_answers). */
const OWN_VIEW = [
  'SELECT 1 FROM posts WHERE author = {:id} AND approved = FALSE',
  'SELECT 1 FROM comments WHERE author = {:id} AND hidden = TRUE',
  // A question staff sent them that they have not answered (the idea page offers it: AskVoters.astro).
  'SELECT 1 FROM question_recipients r WHERE r.user = {:id} AND NOT EXISTS ' +
    '(SELECT 1 FROM idea_answers a WHERE a.question = r.question AND a.user = {:id})',
];
/** The segments they are in that have a board of their own, the one thing a segment shows its members (segments also
 * weigh votes and filter staff's lists, which no member's page shows): from the few segment boards (the partial
 * index idx_boards_segment), each asked whether the member is in its segment (the unique index on segment, user).
 * Started from the member's rows instead, it cost each refresh 0.2 ms more of PocketBase's CPU with 2,000 members
 * in a segment (`npm run bench -- auth-refresh`); this way, nothing measurable. */
const SEGMENT_BOARDS =
  "SELECT DISTINCT b.segment FROM boards b WHERE b.visibility = 'segment' AND EXISTS " +
  '(SELECT 1 FROM segment_members m WHERE m.segment = b.segment AND m.user = {:id})';
/** All in one statement: every member's auth refresh runs it, and four queries cost the refresh 0.10-0.19 ms of
 * PocketBase's CPU (a fifth to two fifths of it), one costs 0-0.08 ms (`npm run bench -- auth-refresh`; docs:
 * architecture/edge-cache). `own`: 1 when any OWN_VIEW finds a row; `segments`: SEGMENT_BOARDS' ids, comma-joined. */
const AUDIENCE_SQL =
  `SELECT (${OWN_VIEW.map((sql) => `EXISTS (${sql})`).join(' OR ')}) AS own, ` +
  `COALESCE((SELECT group_concat(segment) FROM (${SEGMENT_BOARDS})), '') AS segments`;

/**
 * AUDIENCE_MEMBER for a verified, unblocked plain member who sees nothing of their own and is in no segment with a
 * board; that segment's audience when they are in exactly one; '' for anyone else (staff, a member of two segments
 * with boards, an unconfirmed or blocked account, the author of an idea waiting for review or of a hidden comment,
 * a principal): their pages are rendered for them alone.
 */
function audienceOf(app, user) {
  if (!user || isPrincipal(user)) return '';
  if (user.getString('role') !== 'member' || !user.getBool('verified') || user.getBool('blocked')) return '';
  const row = new DynamicModel({ own: 0, segments: '' });
  app.db().newQuery(AUDIENCE_SQL).bind({ id: user.id }).one(row);
  if (row.own) return '';
  const segments = row.segments ? row.segments.split(',') : [];
  if (segments.length === 0) return AUDIENCE_MEMBER;
  return segments.length === 1 ? segmentAudience(segments[0]) : '';
}

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

module.exports = { audienceOf, principalToken, refusePrincipalSignIn };
