// A member's own state, answered in their browser's session refresh when it asks (?own=, src/contract/own-state.ts;
// issue 59): every vote of theirs, their unread notifications and their follow of the idea the page shows, each one
// indexed SQL read of their own rows (what the votes, notifications and subscriptions list rules show them). The
// Worker's refresh (a page view's one check) never asks: it costs a page view nothing.
const { isIdeaId } = require(`${__hooks}/platform/contract/own-state.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);
const { countOf } = require(`${__hooks}/platform/sql-count.js`);
const { firstIdOrNull } = require(`${__hooks}/platform/records.js`);

/** The member's own state (OwnState), with their follow of `asked` when it is an idea's id. */
function ownStateOf(app, user, asked) {
  const params = { me: user.id, post: isIdeaId(asked) ? asked : '' };
  const votes = rowsOf(
    app,
    'SELECT id, post, counted FROM votes WHERE user = {:me}',
    { id: '', post: '', counted: false },
    params,
  ).map((row) => ({ id: row.id, post: row.post, counted: row.counted }));
  const unread = countOf(app, "SELECT COUNT(*) AS n FROM notifications WHERE user = {:me} AND read_at = ''", params);
  const follow = params.post
    ? firstIdOrNull(app, 'SELECT id FROM subscriptions WHERE post = {:post} AND user = {:me} LIMIT 1', params)
    : null;
  return { user: user.id, votes, unread, post: params.post, follow };
}

module.exports = { ownStateOf };
