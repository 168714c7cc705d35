// In-app notifications, written in the caller's transaction as a few SQL statements whatever their number;
// their live events and emails go out after it commits, from the notification queue (notifications/fanout.js).
// Nobody is notified about an idea they cannot see (the posts view rule, as SQL from access.js).
const { postVisibleSql, activeStaffSql } = require(`${__hooks}/platform/access.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

const STAFF = activeStaffSql('u');
const CAN_READ = postVisibleSql({ post: 'p', board: 'b', person: 'u.id', staff: STAFF });

/** People an audience page holds: the request writes one page, the queue the rest. */
const FIRST_PAGE = 50;
const PAGE = 250;
/** The `after` of a queue row whose every page is written (sorts after every record id). */
const DONE = '~';
/** The queue's rows: one write's notifications still to write and deliver. */
const FANOUTS = 'notification_fanouts';

function idsOf(app, sql, params) {
  const rows = rowsOf(app, sql, { id: '' }, params);
  return rows.map((row) => row.id);
}

// Distinct people who follow or voted for a post and may read it, except `exclude`; only active staff when staffOnly.
function audienceOf(app, postId, { followers = true, voters = true, staffOnly = false, exclude = '' } = {}) {
  const sources = [];
  if (followers) sources.push('SELECT user FROM subscriptions WHERE post = {:post}');
  if (voters) sources.push('SELECT user FROM votes WHERE post = {:post}');
  return idsOf(
    app,
    `SELECT DISTINCT u.id AS id FROM (${sources.join(' UNION ')}) a JOIN users u ON u.id = a.user ` +
      'JOIN posts p ON p.id = {:post} JOIN boards b ON b.id = p.board ' +
      `WHERE u.id != {:exclude} AND ${CAN_READ} ${staffOnly ? `AND ${STAFF}` : ''} ORDER BY u.id`,
    { post: postId, exclude },
  );
}

/**
 * The next page of an audience after person `after`: `people` to notify and where the page ended. Reads at
 * most `limit` followers and `limit` voters through their (post, user) indexes, so a page costs the same on
 * the first and the thousandth.
 */
function audiencePage(app, audience, after, limit) {
  const { post, followers = true, voters = true, staffOnly = false, skip = [], release = '' } = audience;
  const page = (table) =>
    `SELECT user FROM (SELECT user FROM ${table} WHERE post = {:post} AND user > {:after} ORDER BY user LIMIT {:limit})`;
  const sources = [followers && page('subscriptions'), voters && page('votes')].filter(Boolean);
  const params = { post, after, limit, skip: JSON.stringify(skip), release };
  const candidates = idsOf(
    app,
    `SELECT DISTINCT user AS id FROM (${sources.join(' UNION ')}) ORDER BY id LIMIT {:limit}`,
    params,
  );
  if (candidates.length === 0) return { people: [], after: DONE };
  const people = idsOf(
    app,
    'SELECT u.id AS id FROM users u JOIN posts p ON p.id = {:post} JOIN boards b ON b.id = p.board ' +
      'WHERE u.id IN (SELECT value FROM json_each({:candidates})) AND u.id NOT IN (SELECT value FROM json_each({:skip})) ' +
      `AND ${CAN_READ} ${staffOnly ? `AND ${STAFF}` : ''} ` +
      // A release with several ideas notifies each person once (pb_hooks/changelog/changelog.pb.js).
      (release
        ? "AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user = u.id AND n.entry = {:release} AND n.kind = 'release') "
        : '') +
      'ORDER BY u.id',
    { ...params, candidates: JSON.stringify(candidates) },
  );
  return { people, after: candidates.length < limit ? DONE : candidates[candidates.length - 1] };
}

// Kinds that repeat on one idea: while a member has not read one, the next joins it (it says the
// latest actor and moves to the top) instead of piling up identical rows.
const GROUPED = ['status', 'response', 'comment', 'eta'];

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Writes one notification per user (fields: kind, post, comment, entry, actor) in three statements at most.
 * Returns the new notifications' ids (to email) and every user whose list changed (to tell live). */
function writeNotifications(app, userIds, fields) {
  if (userIds.length === 0) return { created: [], touched: [] };
  const values = { kind: fields.kind, post: '', comment: '', entry: '', actor: '', ...fields };
  const now = require(`${__hooks}/platform/dates.js`).dateString();
  const joined = new Set();
  if (GROUPED.includes(values.kind) && values.post) {
    const unread = rowsOf(
      app,
      'SELECT id, user FROM notifications WHERE user IN (SELECT value FROM json_each({:users})) ' +
        "AND post = {:post} AND kind = {:kind} AND read_at = ''",
      { id: '', user: '' },
      { users: JSON.stringify(userIds), post: values.post, kind: values.kind },
    );
    for (const row of unread) joined.add(row.user);
    if (unread.length > 0) {
      app
        .db()
        .newQuery(
          "UPDATE notifications SET actor = IIF({:actor} = '', actor, {:actor}), " +
            "comment = IIF({:comment} = '', comment, {:comment}), updated = {:now} " +
            'WHERE id IN (SELECT value FROM json_each({:ids}))',
        )
        .bind({ actor: values.actor, comment: values.comment, now, ids: JSON.stringify(unread.map((row) => row.id)) })
        .execute();
    }
  }
  const rows = userIds
    .filter((user) => !joined.has(user))
    .map((user) => [$security.randomStringWithAlphabet(15, ID_ALPHABET), user]);
  if (rows.length > 0) {
    app
      .db()
      .newQuery(
        'INSERT INTO notifications (id, user, kind, post, comment, entry, actor, read_at, created, updated) ' +
          "SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), {:kind}, {:post}, {:comment}, {:entry}, " +
          "{:actor}, '', {:now}, {:now} FROM json_each({:rows})",
      )
      .bind({ ...values, now, rows: JSON.stringify(rows) })
      .execute();
  }
  return { created: rows.map(([id]) => id), touched: userIds };
}

/** Queues what is left of one write's notifications for the queue's job (notifications/fanout.js); nothing when nothing is left. */
function queueFanout(app, fields, audience, after, written) {
  if (after === DONE && written.touched.length === 0) return;
  const row = new Record(app.findCachedCollectionByNameOrId(FANOUTS));
  for (const key of ['kind', 'post', 'comment', 'entry', 'actor']) row.set(key, fields[key] || '');
  row.set('audience', audience || {});
  row.set('after', after);
  row.set('mail', written.created);
  row.set('live', written.touched);
  app.save(row);
}

/** Notifies these people (a bounded list: mentions, a merge's voters, a question's askees). */
function notifyUsers(app, userIds, fields) {
  const written = writeNotifications(app, userIds, fields);
  queueFanout(app, fields, null, DONE, written);
}

/**
 * Notifies an idea's audience (followers and/or voters who may read it, `skip` excluded, only active staff
 * when staffOnly): the first page now, in the caller's transaction; the rest from the queue, in pages.
 */
function notifyAudience(app, postId, audience, fields) {
  const spec = { ...audience, post: postId };
  const page = audiencePage(app, spec, '', FIRST_PAGE);
  const written = writeNotifications(app, page.people, fields);
  queueFanout(app, fields, spec, page.after, written);
}

module.exports = { DONE, PAGE, FANOUTS, audienceOf, audiencePage, writeNotifications, notifyUsers, notifyAudience };
