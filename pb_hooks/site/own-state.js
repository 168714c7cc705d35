// A member's own state, answered in their browser's session refresh when it asks (?own=, src/contract/own-state.ts;
// issue 59): their votes on the ideas the page shows (?ownPosts=, at most OWN_POSTS_MOST: never every vote of theirs),
// their unread notifications and their follow of the idea the page shows, each one indexed SQL read of their own rows
// (what the votes, notifications and subscriptions list rules show them). The Worker never refreshes (its check is
// GET /api/chorus/session, in Go): this costs a page view nothing. An idea shown later has its vote read by
// votes/own-votes.pb.js.
const { isIdeaId, ideaIdsIn, OWN_META, OWN_POSTS_QUERY, OWN_QUERY } = require(
  `${__hooks}/platform/contract/own-state.js`,
);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);
const { countOf } = require(`${__hooks}/platform/sql-count.js`);
const { boundList, firstIdOrNull } = require(`${__hooks}/platform/records.js`);

/** The member's votes on the ideas `postIds` names (ids already checked: ideaIdsIn), as OwnVote rows. */
function ownVotesOf(app, userId, postIds) {
  if (postIds.length === 0) return [];
  const params = { me: userId };
  const names = boundList(params, 'p', postIds);
  // The (post, user) unique index: one look-up per idea named, whatever the member's number of votes.
  return rowsOf(
    app,
    `SELECT id, post, counted FROM votes WHERE post IN (${names.join(', ')}) AND user = {:me}`,
    { id: '', post: '', counted: false },
    params,
  ).map((row) => ({ id: row.id, post: row.post, counted: row.counted }));
}

/** The member's own state (OwnState): their votes on the ideas `posts` names, with their follow of `asked` when it
 * is an idea's id. */
function ownStateOf(app, user, asked, posts) {
  const params = { me: user.id, post: isIdeaId(asked) ? asked : '' };
  const postIds = ideaIdsIn(posts);
  const votes = ownVotesOf(app, user.id, postIds);
  const unread = countOf(app, "SELECT COUNT(*) AS n FROM notifications WHERE user = {:me} AND read_at = ''", params);
  const follow = params.post
    ? firstIdOrNull(app, 'SELECT id FROM subscriptions WHERE post = {:post} AND user = {:me} LIMIT 1', params)
    : null;
  return { user: user.id, posts: postIds, votes, unread, post: params.post, follow };
}

/** onRecordAuthRequest for users: a refresh (no auth method) that asks (?own=) gets the member's own state in its
 * `meta`. */
function nameOwnState(e) {
  if (e.authMethod || e.meta) return;
  const query = e.requestInfo().query;
  const asked = query[OWN_QUERY];
  if (asked !== undefined) e.meta = { [OWN_META]: ownStateOf(e.app, e.record, asked, query[OWN_POSTS_QUERY]) };
}

module.exports = { nameOwnState, ownStateOf, ownVotesOf };
