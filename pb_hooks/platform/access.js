// Chorus's access model, named once: the API-rule fragments every collection's rules are built from, the same
// predicates for hooks and routes (isStaff, isActiveMember, …) and the SQL form of "may this person see this
// idea" for hooks that query the database directly.
//
// Migrations never require this file: each holds a literal snapshot of the fragments it applies (see
// tests/unit/migrations-are-snapshots.test.ts). Changing a fragment here therefore changes nothing stored:
// write a new migration with the new rule's text (the fragments below are where to compose it).
const { refusalText } = require(`${__hooks}/platform/refusals.js`);

// ── API-rule fragments (PocketBase filter syntax) ────────────────────────────────────────────────

const SIGNED_IN = '@request.auth.id != ""';
/** A signed-in member who is not blocked. Every write by a member requires it. */
const ACTIVE = `(${SIGNED_IN} && @request.auth.blocked = false)`;
/** A moderator or admin, blocked or not: use ACTIVE_STAFF for anything that grants power. */
const STAFF_ROLE = '(@request.auth.role = "moderator" || @request.auth.role = "admin")';
/** Staff who may act as staff: moderators and admins who are not blocked (reads and writes). */
const ACTIVE_STAFF = `(@request.auth.blocked = false && ${STAFF_ROLE})`;
/** Admins who are not blocked. */
const ACTIVE_ADMIN = '(@request.auth.blocked = false && @request.auth.role = "admin")';

/** "Nobody may send these fields": one `:isset = false` per field. */
const unset = (fields) => `(${fields.map((f) => `@request.body.${f}:isset = false`).join(' && ')})`;

/** The principal of a segment's audience (pb_migrations/1764900140_add_segment_principals.js): it sees the segment's
 * boards as the segment's members do, without being one. `segment`: the path to the board's segment. */
const segmentPrincipal = (segment) => `(${segment} != "" && ${segment} = @request.auth.audience_segment)`;

/**
 * A board (`prefix` leads to it, e.g. "board." from a post) the caller may see. A segment board: the members
 * of its segment, its audience's principal and active staff (PocketBase resolves the back-relation inside a rule
 * without applying segment_members' staff-only list rule; a client's own filter cannot join it).
 */
const boardVisible = (prefix = '') =>
  `(${prefix}visibility = "public" || (${prefix}visibility = "members" && ${SIGNED_IN}) || (${prefix}visibility = "staff" && ${ACTIVE_STAFF}) || ` +
  `(${prefix}visibility = "segment" && (${prefix}segment.segment_members_via_segment.user ?= @request.auth.id || ${segmentPrincipal(`${prefix}segment`)} || ${ACTIVE_STAFF})))`;

/** boardVisible before segment boards (1764420010_update_rules_segment_boards.js finds it in stored rules). */
const boardVisibleBeforeSegments = (prefix = '') =>
  `(${prefix}visibility = "public" || (${prefix}visibility = "members" && ${SIGNED_IN}) || (${prefix}visibility = "staff" && ${ACTIVE_STAFF}))`;

/** An idea the caller may see: its board is visible, and it is approved, theirs, or they are staff. */
const postVisibleWith =
  (board) =>
  (prefix = '') =>
    `(${board(`${prefix}board.`)} && (${prefix}approved = true || ${prefix}author = @request.auth.id || ${ACTIVE_STAFF}))`;
const postVisible = postVisibleWith(boardVisible);

/** A comment the caller may see: its idea is visible; internal ones staff only; hidden ones their author and staff. */
const commentVisibleWith =
  (post) =>
  (prefix = '') =>
    `(${post(`${prefix}post.`)} && (${prefix}internal = false || ${ACTIVE_STAFF}) && (${prefix}hidden = false || ${prefix}author = @request.auth.id || ${ACTIVE_STAFF}))`;
const commentVisible = commentVisibleWith(postVisible);

/** A comment anyone who sees it may still answer or react to: neither hidden nor internal (staff: any). */
const commentOpen = (prefix = '') => `((${prefix}hidden = false && ${prefix}internal = false) || ${ACTIVE_STAFF})`;

const RULES = {
  SIGNED_IN,
  ACTIVE,
  STAFF_ROLE,
  ACTIVE_STAFF,
  ACTIVE_ADMIN,
  unset,
  boardVisible,
  boardVisibleBeforeSegments,
  postVisible,
  commentVisible,
  commentOpen,
};

/**
 * The fragments as they were before segment boards, for the migrations that ran before boards had a
 * `segment` field (a rule naming it could not be saved then); 1764420010_update_rules_segment_boards.js
 * turns what they stored into RULES' fragments, on fresh and existing installs alike.
 */
const postVisibleBeforeSegments = postVisibleWith(boardVisibleBeforeSegments);
const RULES_BEFORE_SEGMENTS = {
  ...RULES,
  boardVisible: boardVisibleBeforeSegments,
  postVisible: postVisibleBeforeSegments,
  commentVisible: commentVisibleWith(postVisibleBeforeSegments),
};

// ── Predicates for hooks and routes ──────────────────────────────────────────────────────────────

/** The signed-in member of a request (never a superuser), or null. */
const memberOf = (e) => (e.auth && e.auth.collection().name === 'users' ? e.auth : null);
/** The contract's predicates (src/contract/access.ts) take plain data: a users record as they read it. */
const contract = require(`${__hooks}/platform/contract/access.js`);
const accessData = (user) =>
  user ? { id: user.id, role: user.getString('role'), blocked: user.getBool('blocked') } : null;
const hasStaffRole = (user) => contract.hasStaffRole(accessData(user));
/** A member record (not a request) who may act as staff: a moderator or admin who is not blocked. */
const isActiveStaffUser = (user) => contract.isStaff(accessData(user));

/** Signed in and not blocked. */
const isActiveMember = (e) => {
  const user = memberOf(e);
  return Boolean(user) && !user.getBool('blocked');
};
/** Acts as staff: an active moderator or admin, or the operator's superusers. */
const isStaff = (e) => e.hasSuperuserAuth() || isActiveStaffUser(memberOf(e));

/** Site setting: may members whose email is not verified post ideas and comments? */
function allowsUnverifiedPosting(app) {
  const [site] = app.findRecordsByFilter('site', '', '', 1, 0);
  return Boolean(site?.getBool('allow_unverified_posting'));
}

/** Posting ideas and comments needs a verified email, unless the site allows otherwise (superusers: always). */
function requireVerifiedPoster(e) {
  const user = memberOf(e);
  if (!user || user.verified() || allowsUnverifiedPosting(e.app)) return;
  throw new ForbiddenError(refusalText('verifyEmailFirst'));
}

// ── SQL: the same "may see this idea" for hooks that query the database ──────────────────────────

/**
 * SQL condition "the person may see post `p` on board `b`", where `person` is an SQL expression for their id
 * ('' when signed out) and `staff` an SQL condition "they act as staff". Mirrors postVisible above.
 */
const postVisibleSql = ({ post = 'p', board = 'b', person, staff }) =>
  `((${board}.visibility = 'public' OR (${board}.visibility = 'members' AND ${person} != '') OR (${board}.visibility = 'staff' AND ${staff}) ` +
  `OR (${board}.visibility = 'segment' AND (${staff} OR (${person} != '' AND (EXISTS (SELECT 1 FROM segment_members sm ` +
  `WHERE sm.segment = ${board}.segment AND sm.user = ${person}) OR EXISTS (SELECT 1 FROM users sp ` +
  `WHERE sp.id = ${person} AND sp.audience_segment = ${board}.segment AND ${board}.segment != '')))))) ` +
  `AND (${post}.approved = TRUE OR (${post}.author = ${person} AND ${person} != '') OR ${staff}))`;

/**
 * SQL condition "post `p` on board `b` is public": anyone, signed out too, may see it (its board is public and
 * it is approved). Only public ideas have a live copy in `post_live` (pb_hooks/platform/edge/post-live.js).
 */
const publicPostSql = ({ post = 'p', board = 'b' } = {}) =>
  `(${board}.visibility = 'public' AND ${post}.approved = TRUE)`;

/** Is this posts record public (see publicPostSql)? Reads its board (one query) unless the caller has it. */
function isPublicPost(app, post, board = null) {
  if (!post.getBool('approved')) return false;
  try {
    return (board ?? app.findRecordById('boards', post.getString('board'))).getString('visibility') === 'public';
  } catch {
    return false; // its board is being deleted
  }
}

/** SQL condition "users row `u` acts as staff". */
const activeStaffSql = (u = 'u') => `(${u}.role IN ('moderator', 'admin') AND ${u}.blocked = FALSE)`;

/** May member `userId` see post `postId`? (one query; for notifications and emails). */
function canSeePost(app, userId, postId) {
  if (!userId || !postId) return false;
  const sql =
    'SELECT COUNT(*) AS n FROM posts p JOIN boards b ON b.id = p.board JOIN users u ON u.id = {:user} ' +
    `WHERE p.id = {:post} AND ${postVisibleSql({ person: 'u.id', staff: activeStaffSql('u') })}`;
  return require(`${__hooks}/platform/sql-count.js`).countOf(app, sql, { user: userId, post: postId }) > 0;
}

module.exports = {
  RULES,
  RULES_BEFORE_SEGMENTS,
  memberOf,
  isActiveMember,
  isStaff,
  hasStaffRole,
  isActiveStaffUser,
  requireVerifiedPoster,
  postVisibleSql,
  publicPostSql,
  isPublicPost,
  activeStaffSql,
  canSeePost,
};
