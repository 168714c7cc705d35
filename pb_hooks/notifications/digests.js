// Digests (issue #25, item 5): a member who gets a kind of email daily or weekly receives, at 08:00 in
// their time zone (Mondays for weekly), one email grouping what happened on the ideas they follow since
// their last digest: the unread in-app notifications of those kinds (notifications/notify.js writes them; a repeated
// kind on one idea is one row that moves forward), minus ideas they can no longer see. Nothing happened,
// nothing sent. Once per member per period: the sent-marker (users.digest_daily_at / digest_weekly_at) is
// claimed by compare-and-set in the same transaction as the send, so a rerun or an overlapping run finds
// it taken, and a failed send rolls the claim back for the next run to retry.
const { PREFERENCES, PREFERENCE_OF_KIND, FREQUENCY_OF, frequencyOf, createUnsubscribeToken } = require(
  `${__hooks}/notifications/unsubscribe.js`,
);
const { boundList } = require(`${__hooks}/platform/records.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

const LOCAL_HOUR = '08:00:00';
const PERIODS = {
  daily: { field: 'digest_daily_at', days: 1 },
  weekly: { field: 'digest_weekly_at', days: 7 },
};
const MAX_EVENTS = 50; // per email: the rest are one link away ("and N more")
const usesSql = (frequency) =>
  `(${PREFERENCES.map((name) => `u.${FREQUENCY_OF[name]} = '${frequency}'`).join(' OR ')})`;

/** The latest local 08:00 (a Monday's, weekly) at or before `now`, in `zone` ('' = UTC), as a DateTime. */
function dueAt(zone, frequency, now) {
  const name = zone || 'UTC';
  const local = now.time().in(new Timezone(name));
  const [y, m, d] = [local.year(), Number(local.month()), local.day()];
  const at = (daysBack) => {
    const day = new Date(Date.UTC(y, m - 1, d - daysBack)).toISOString().slice(0, 10);
    return new DateTime(`${day} ${LOCAL_HOUR}`, name);
  };
  const back = frequency === 'weekly' ? (Number(local.weekday()) + 6) % 7 : 0;
  const due = at(back);
  return due.unix() > now.unix() ? at(back + PERIODS[frequency].days) : due;
}

/** Members of `zone` on a `frequency` digest whose marker is older than this period's send time. */
function dueMembers(app, zone, frequency, due) {
  const field = PERIODS[frequency].field;
  const rows = rowsOf(
    app,
    `SELECT u.id AS id, u.${field} AS since FROM users u WHERE u.time_zone = {:zone} AND ${usesSql(frequency)} ` +
      `AND (u.${field} = '' OR u.${field} < {:due}) ORDER BY u.id`,
    { id: '', since: '' },
    { zone, due: due.string() },
  );
  return rows;
}

/** The member's unread notifications of `kinds` updated in (from, to], oldest first. */
function eventsOf(app, userId, kinds, from, to) {
  if (kinds.length === 0) return [];
  const params = { user: userId, from, to };
  const names = boundList(params, 'k', kinds);
  return app.findRecordsByFilter(
    'notifications',
    `user = {:user} && read_at = '' && updated > {:from} && updated <= {:to} && (${names.map((n) => `kind = ${n}`).join(' || ')})`,
    'post,updated',
    MAX_EVENTS + 1,
    0,
    params,
  );
}

/** The email of `user`'s `frequency` digest for the period ending `now`, or null when there is nothing to tell. */
function digestFor(app, user, frequency, from, now) {
  const { canSeePost } = require(`${__hooks}/platform/access.js`);
  const { buildDigestEmail } = require(`${__hooks}/notifications/digest-email.js`);
  const kinds = Object.keys(PREFERENCE_OF_KIND).filter(
    (kind) => frequencyOf(user, PREFERENCE_OF_KIND[kind]) === frequency,
  );
  const visible = new Map(); // one check per idea, however many of its events
  const events = eventsOf(app, user.id, kinds, from, now.string()).filter((event) => {
    const post = event.getString('post');
    if (!post) return true;
    if (!visible.has(post)) visible.set(post, canSeePost(app, user.id, post));
    return visible.get(post);
  });
  if (events.length === 0 || !user.email()) return null;
  const token = encodeURIComponent(createUnsubscribeToken(user, frequency));
  const message = buildDigestEmail(
    app,
    user,
    frequency,
    events.slice(0, MAX_EVENTS),
    events.length > MAX_EVENTS,
    token,
  );
  return message || null;
}

/**
 * Sends every digest due at `now` (a DateTime; the cron passes the present, tests pass any instant).
 * Returns { sent, checked }.
 */
function runDigests(app, now = new DateTime()) {
  const result = { sent: 0, checked: 0 };
  if (!app.settings().smtp.enabled) return result;
  for (const frequency of Object.keys(PERIODS)) {
    const field = PERIODS[frequency].field;
    const zones = rowsOf(app, `SELECT DISTINCT u.time_zone AS zone FROM users u WHERE ${usesSql(frequency)}`, {
      zone: '',
    });
    for (const { zone } of zones) {
      const due = dueAt(zone, frequency, now);
      const periodStart = due.addDate(0, 0, -PERIODS[frequency].days).string();
      for (const member of dueMembers(app, zone, frequency, due)) {
        result.checked += 1;
        // The period is claimed and the email built in one short transaction; the email goes after it commits,
        // so the single writer never waits on a mail server. A failed send gives the period back for the next
        // run (unless another run took it meanwhile); a crash between the two loses that one digest.
        let message = null;
        try {
          app.runInTransaction((txApp) => {
            const claimed = txApp
              .db()
              .newQuery(`UPDATE users SET ${field} = {:now} WHERE id = {:id} AND ${field} = {:since}`)
              .bind({ now: now.string(), id: member.id, since: member.since })
              .execute();
            if (claimed.rowsAffected() === 0) return; // another run took this period
            const user = txApp.findRecordById('users', member.id);
            const from = member.since && member.since > periodStart ? member.since : periodStart;
            message = digestFor(txApp, user, frequency, from, now);
          });
          if (!message) continue;
          app.newMailClient().send(message);
          result.sent += 1;
        } catch (error) {
          app.logger().error('Sending a digest failed', 'user', member.id, 'error', String(error));
          if (message) {
            app
              .db()
              .newQuery(`UPDATE users SET ${field} = {:since} WHERE id = {:id} AND ${field} = {:now}`)
              .bind({ now: now.string(), id: member.id, since: member.since })
              .execute();
          }
        }
      }
    }
  }
  return result;
}

module.exports = { dueAt, runDigests };
