// Alerts when an idea crosses a line (issue #24, item 7). Two halves:
// - checkAlerts runs inside the writer's transaction each time an idea's insights row is saved (every
//   vote, and every revenue change from companies and member profiles): it reads the rules that apply to the
//   idea's board and have not fired for it yet (one query), measures what they need (at most one count per
//   metric and segment) and records each crossing in alert_firings with INSERT OR IGNORE on the unique
//   (rule, post) index. SQLite serializes writers, and the index would refuse a second row anyway, so a rule
//   fires once per idea however many votes race; a rolled-back vote leaves no firing.
// - deliverFirings runs off the write path (the `chorus_alerts` job, woken by $jobs.wake after commit and
//   every minute): each pending firing is claimed, becomes an `idea.threshold_reached` webhook event in the
//   durable webhook queue (Slack endpoints get a Slack message) and one email per recipient who is still
//   staff, in their language.
const { activeStaffSql } = require(`${__hooks}/platform/access.js`);
const { boundList } = require(`${__hooks}/platform/records.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

const METRICS = ['votes', 'revenue', 'votes_in_day'];
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const { dateString } = require(`${__hooks}/platform/dates.js`);
const { countOf } = require(`${__hooks}/platform/sql-count.js`);
const sqlNow = (offsetMs = 0) => dateString(Date.now() - offsetMs);

/** The rules for `board` (or every board) that have not fired for `postId` yet. */
function openRulesOf(app, postId, board) {
  const rows = rowsOf(
    app,
    'SELECT r.id AS id, r.metric AS metric, r.threshold AS threshold, r.segment AS segment FROM alert_rules r ' +
      "WHERE (r.board = '' OR r.board = {:board}) " +
      'AND NOT EXISTS (SELECT 1 FROM alert_firings f WHERE f.rule = r.id AND f.post = {:post})',
    { id: '', metric: '', threshold: 0, segment: '' },
    { board, post: postId },
  );
  return rows;
}

/** Votes for the post (only by members of `segment` when given; only the last 24 hours when `inDay`). */
function countVotes(app, postId, segment, inDay) {
  const joins = segment ? 'JOIN segment_members sm ON sm.user = v.user AND sm.segment = {:segment} ' : '';
  const since = inDay ? 'AND v.created >= {:since}' : '';
  return countOf(
    app,
    `SELECT COUNT(*) AS n FROM votes v ${joins}WHERE v.post = {:post} AND v.counted = TRUE ${since}`,
    {
      post: postId,
      segment,
      since: sqlNow(24 * 3600_000),
    },
  );
}

/** Checks the open rules against an insights row (same id as its post) and records what crossed. */
function checkAlerts(app, insights) {
  const postId = insights.id;
  const rules = openRulesOf(app, postId, insights.getString('board'));
  if (rules.length === 0) return 0;
  const measured = {};
  const measure = (metric, segment) => {
    const key = `${metric}:${segment}`;
    if (!(key in measured)) {
      measured[key] =
        metric === 'revenue'
          ? insights.getFloat('revenue')
          : countVotes(app, postId, segment, metric === 'votes_in_day');
    }
    return measured[key];
  };
  let fired = 0;
  const now = sqlNow();
  for (const rule of rules) {
    if (!METRICS.includes(rule.metric)) continue;
    // A segment narrows votes only: revenue already counts each company once, whoever its voters are.
    const value = measure(rule.metric, rule.metric === 'revenue' ? '' : rule.segment);
    if (value < rule.threshold) continue;
    app
      .db()
      .newQuery(
        'INSERT OR IGNORE INTO alert_firings (id, rule, post, value, state, created, updated) ' +
          "VALUES ({:id}, {:rule}, {:post}, {:value}, 'pending', {:now}, {:now})",
      )
      .bind({ id: $security.randomStringWithAlphabet(15, ID_ALPHABET), rule: rule.id, post: postId, value, now })
      .execute();
    fired += 1;
  }
  return fired;
}

/** Is any firing waiting for delivery? (after commit: whether to wake the job). */
function hasPending(app, postId) {
  return (
    countOf(app, "SELECT COUNT(*) AS n FROM alert_firings WHERE post = {:post} AND state = 'pending'", {
      post: postId,
    }) > 0
  );
}

/** Takes one pending firing for this run (false when another run took it first). */
function claim(app, firingId) {
  const result = app
    .db()
    .newQuery("UPDATE alert_firings SET state = 'sending', updated = {:now} WHERE id = {:id} AND state = 'pending'")
    .bind({ id: firingId, now: sqlNow() })
    .execute();
  return result.rowsAffected() > 0;
}

/** The recipients of a rule who still act as staff and have an email address. */
function staffRecipients(app, rule) {
  const ids = rule.getStringSlice('recipients');
  if (ids.length === 0) return [];
  const params = {};
  const list = boundList(params, 'u', ids);
  const rows = rowsOf(
    app,
    `SELECT u.id AS id FROM users u WHERE u.id IN (${list.join(', ')}) AND ${activeStaffSql('u')}`,
    { id: '' },
    params,
  );
  return app.findRecordsByIds(
    'users',
    rows.map((row) => row.id),
  );
}

/** What an endpoint learns: the idea as every other event names it, and the rule (its name, metric and
 * line). Never the voters, their companies or the measured revenue. */
function thresholdEvent(app, rule, post) {
  const { buildEvent, describeIdea, maskEmails } = require(`${__hooks}/webhooks/payload.js`);
  return buildEvent('idea.threshold_reached', {
    idea: describeIdea(app, post),
    rule: {
      id: rule.id,
      name: maskEmails(rule.getString('name')),
      metric: rule.getString('metric'),
      threshold: rule.getFloat('threshold'),
      segment: rule.getString('segment') || null,
    },
  });
}

function deliverOne(app, firing) {
  const { enqueue } = require(`${__hooks}/webhooks/queue.js`);
  const { alertEmail } = require(`${__hooks}/alerts/alert-email.js`);
  const rule = app.findRecordById('alert_rules', firing.getString('rule'));
  const post = app.findRecordById('posts', firing.getString('post'));
  enqueue(app, thresholdEvent(app, rule, post), `alert_${firing.id}`);
  if (app.settings().smtp.enabled) {
    const mailer = app.newMailClient();
    for (const user of staffRecipients(app, rule)) {
      try {
        mailer.send(alertEmail(app, user, rule, post, firing.getFloat('value')));
      } catch (error) {
        app.logger().error('Sending an alert email failed', 'firing', firing.id, 'error', String(error));
      }
    }
  }
}

/** Delivers every pending firing (and any left "sending" for over 10 minutes by a run that died). */
function deliverFirings(app) {
  app
    .db()
    .newQuery("UPDATE alert_firings SET state = 'pending' WHERE state = 'sending' AND updated < {:stale}")
    .bind({ stale: sqlNow(10 * 60_000) })
    .execute();
  const pending = app.findRecordsByFilter('alert_firings', "state = 'pending'", 'created', 200, 0);
  let sent = 0;
  for (const firing of pending) {
    if (!claim(app, firing.id)) continue;
    try {
      deliverOne(app, firing);
    } catch (error) {
      app.logger().error('Delivering an alert failed', 'firing', firing.id, 'error', String(error));
    }
    app
      .db()
      .newQuery("UPDATE alert_firings SET state = 'sent', updated = {:now} WHERE id = {:id}")
      .bind({ id: firing.id, now: sqlNow() })
      .execute();
    sent += 1;
  }
  return sent;
}

module.exports = { METRICS, checkAlerts, hasPending, deliverFirings };
