// In-app notifications. Rows are written inside the caller's transaction; emails go out from
// pb_hooks/emails.pb.js once that transaction has committed. Nobody is notified about an idea they
// cannot see (the posts view rule, as SQL from access.js).
const { postVisibleSql, activeStaffSql } = require(`${__hooks}/lib/access.js`);

const STAFF = activeStaffSql('u');
const CAN_READ = postVisibleSql({ post: 'p', board: 'b', person: 'u.id', staff: STAFF });

// Distinct people who follow or voted for a post and may read it, except `exclude`; only active staff when staffOnly.
function audienceOf(app, postId, { followers = true, voters = true, staffOnly = false, exclude = '' } = {}) {
  const sources = [];
  if (followers) sources.push('SELECT user FROM subscriptions WHERE post = {:post}');
  if (voters) sources.push('SELECT user FROM votes WHERE post = {:post}');
  const rows = arrayOf(new DynamicModel({ id: '' }));
  app
    .db()
    .newQuery(
      `SELECT DISTINCT u.id AS id FROM (${sources.join(' UNION ')}) a JOIN users u ON u.id = a.user ` +
        'JOIN posts p ON p.id = {:post} JOIN boards b ON b.id = p.board ' +
        `WHERE u.id != {:exclude} AND ${CAN_READ} ${staffOnly ? `AND ${STAFF}` : ''} ORDER BY u.id`,
    )
    .bind({ post: postId, exclude })
    .all(rows);
  return rows.map((row) => row.id);
}

// Kinds that repeat on one idea: while a member has not read one, the next joins it (it says the
// latest actor and moves to the top) instead of piling up identical rows.
const GROUPED = ['status', 'response', 'comment', 'eta'];

function unreadLike(app, userId, fields) {
  if (!GROUPED.includes(fields.kind) || !fields.post) return null;
  try {
    return app.findFirstRecordByFilter(
      'notifications',
      'user = {:user} && post = {:post} && kind = {:kind} && read_at = ""',
      {
        user: userId,
        post: fields.post,
        kind: fields.kind,
      },
    );
  } catch {
    return null;
  }
}

// One notification per user: fields are kind, post, comment, entry, actor.
function notifyUsers(app, userIds, fields) {
  const collection = app.findCollectionByNameOrId('notifications');
  for (const userId of userIds) {
    const notification = unreadLike(app, userId, fields) || new Record(collection);
    notification.set('user', userId);
    for (const [key, value] of Object.entries(fields)) if (value) notification.set(key, value);
    app.save(notification);
  }
}

module.exports = { audienceOf, notifyUsers };
