// Erasing an account (GDPR art. 17) in one place: who the person is goes, what they wrote stays.
// The users row becomes an anonymous tombstone (so ideas, comments, votes and reactions keep pointing at
// something and read "Deleted member"): name, avatar, email (an undeliverable random address on the reserved
// .invalid domain), password, external id, role, preferences and language are replaced; the token key is
// refreshed (every session and every emailed link dies); the rows below that exist only for the person are
// deleted, with their hooks (a company link's revenue is recomputed). Votes stay on the tombstone, so counts
// stay exact and vote_count keeps being recomputed from rows (ideas/counters.js); nothing links the tombstone to
// who it was. Add every new personal collection to PERSONAL_ROWS.
const { PREFERENCES, FREQUENCY_OF } = require(`${__hooks}/notifications/unsubscribe.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

const DELETED_NAME = 'Deleted member';

/** Collections whose rows are personal to one member, by the field naming them: deleted on erasure. */
const PERSONAL_ROWS = [
  { collection: 'notifications', field: 'user' },
  { collection: 'subscriptions', field: 'user' },
  { collection: 'member_profiles', field: 'user' },
  { collection: 'segment_members', field: 'user' },
  { collection: 'release_reads', field: 'user' },
  { collection: 'passkeys', field: 'user' },
  { collection: 'passkey_challenges', field: 'user' },
];

/** Collections whose rows are personal to an email address (a person may have used theirs there without signing in). */
const PERSONAL_ROWS_BY_EMAIL = [{ collection: 'changelog_subscribers', field: 'email' }];

function deleteAll(app, records) {
  for (const record of records) app.delete(record);
}

/** Is `user` an erased account? */
const isErased = (user) => Boolean(user && !user.getDateTime('deleted_at').isZero());

/** Would erasing `user` leave no active admin? (Another active admin must remain.) */
function isLastAdmin(app, user) {
  if (user.getString('role') !== 'admin' || user.getBool('blocked')) return false;
  const others = app.findRecordsByFilter('users', "role = 'admin' && blocked = false && id != {:id}", '', 1, 0, {
    id: user.id,
  });
  return others.length === 0;
}

/**
 * Mentions of the person in other people's comments (`@[Name](user:id)`, notifications/mentions.js) read "@Deleted member"
 * from now on; the pages showing them are purged at the edge. (Their own words stay as they wrote them.)
 */
function eraseMentions(app, userId) {
  const rows = rowsOf(
    app,
    'SELECT id, post, body FROM comments WHERE body LIKE {:pattern}',
    { id: '', post: '', body: '' },
    { pattern: `%(user:${userId})%` },
  );
  const mention = new RegExp(`@\\[[^[\\]\\n\\r]{1,80}\\]\\(user:${userId}\\)`, 'g');
  for (const row of rows) {
    app
      .db()
      .newQuery('UPDATE comments SET body = {:body} WHERE id = {:id}')
      .bind({ body: row.body.replace(mention, `@[${DELETED_NAME}](user:${userId})`), id: row.id })
      .execute();
  }
  if (rows.length > 0) {
    const { purge } = require(`${__hooks}/platform/edge/edge-cache.js`);
    const { postTag } = require(`${__hooks}/platform/contract/cache-tags.js`);
    purge(app, [...new Set(rows.map((row) => postTag(row.post)))]);
  }
}

/** Erases `user` (a users record) with `app` (call it inside a transaction). */
function eraseMember(app, user) {
  eraseMentions(app, user.id);
  for (const { collection, field } of PERSONAL_ROWS_BY_EMAIL) {
    let rows = [];
    try {
      rows = app.findRecordsByFilter(collection, `${field}:lower = {:email}`, '', 0, 0, {
        email: user.email().toLowerCase(),
      });
    } catch {
      rows = [];
    }
    deleteAll(app, rows);
  }
  for (const { collection, field } of PERSONAL_ROWS) {
    let rows = [];
    try {
      rows = app.findRecordsByFilter(collection, `${field} = {:id}`, '', 0, 0, { id: user.id });
    } catch {
      rows = []; // a collection a later version removed
    }
    deleteAll(app, rows);
  }
  deleteAll(app, app.findAllExternalAuthsByRecord(user));
  deleteAll(app, app.findAllOTPsByRecord(user));
  deleteAll(app, app.findAllMFAsByRecord(user));
  deleteAll(app, app.findAllAuthOriginsByRecord(user));
  const fresh = app.findRecordById('users', user.id);
  fresh.set('name', DELETED_NAME);
  fresh.set('avatar', null);
  fresh.set('avatar_url', '');
  fresh.setEmail(`deleted-${$security.randomString(24).toLowerCase()}@deleted.invalid`);
  fresh.setVerified(false);
  fresh.set('emailVisibility', false);
  fresh.setPassword($security.randomString(64));
  fresh.refreshTokenKey();
  fresh.set('external_id', '');
  fresh.set('role', 'member');
  fresh.set('blocked', true);
  fresh.set('locale', '');
  for (const name of PREFERENCES) {
    fresh.set(name, false);
    fresh.set(FREQUENCY_OF[name], 'off');
  }
  fresh.set('time_zone', '');
  fresh.set('deleted_at', new DateTime());
  app.save(fresh);
  return fresh;
}

module.exports = { DELETED_NAME, PERSONAL_ROWS, eraseMember, isErased, isLastAdmin };
