// The mailer behind release emails for anyone: sends the queued confirmation emails, then each published
// release to the confirmed subscribers (changelog_mailings, one row per release), outside any request.
// A subscriber who is also a member notified of that release by email (pb_hooks/notifications/email.js) is skipped:
// the member path wins, one email per release. Each mailing is claimed with a compare-and-set lease and
// moves its cursor every batch, so overlapping runs never both send it and a restart resumes it (a crash
// mid-batch may repeat at most that batch).
const { buildConfirmationEmail, releaseEmailBuilder } = require(`${__hooks}/changelog/release-emails.js`);
const { dateString } = require(`${__hooks}/platform/dates.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

const JOB_ID = require(`${__hooks}/platform/contract/hook-hand-offs.js`).RELEASE_EMAILS_JOB;
const BUDGET_MS = 50_000; // under the cron minute
const BATCH = 50;
const LEASE_MS = 120_000;

function send(app, build, what, id) {
  try {
    app.newMailClient().send(build());
    return true;
  } catch (error) {
    app.logger().error('Sending a release email failed', 'kind', what, 'subscriber', id, 'error', String(error));
    return false;
  }
}

function sendConfirmations(app) {
  const pending = app.findRecordsByFilter('changelog_subscribers', 'confirm_pending = true', 'updated', 100, 0);
  for (const row of pending) {
    const claimed = app
      .db()
      .newQuery('UPDATE changelog_subscribers SET confirm_pending = FALSE WHERE id = {:id} AND confirm_pending = TRUE')
      .bind({ id: row.id })
      .execute();
    if (claimed.rowsAffected() !== 1) continue;
    send(app, () => buildConfirmationEmail(app, row), 'confirmation', row.id);
  }
}

/**
 * Lower-case addresses of members this release notifies by email (they get the member email instead); confirmed
 * members only, as no member email reaches an unconfirmed address (platform/confirmed-mail.js).
 */
function membersEmailed(app, entryId) {
  const rows = rowsOf(
    app,
    'SELECT DISTINCT lower(u.email) AS email FROM notifications n JOIN users u ON u.id = n.user ' +
      "WHERE n.entry = {:entry} AND n.kind = 'release' AND u.email_on_release = TRUE AND u.verified = TRUE AND u.email != ''",
    { email: '' },
    { entry: entryId },
  );
  return new Set(rows.map((row) => row.email));
}

function claim(app, mailing) {
  const result = app
    .db()
    .newQuery(
      "UPDATE changelog_mailings SET lease_until = {:lease} WHERE id = {:id} AND status = 'pending' AND lease_until = {:seen}",
    )
    .bind({ lease: dateString(Date.now() + LEASE_MS), id: mailing.id, seen: mailing.getString('lease_until') })
    .execute();
  return result.rowsAffected() === 1;
}

/** Sends one mailing's next batches until it is done or the run's time is up; true when done. */
function sendMailing(app, mailing, started, between) {
  let entry;
  try {
    entry = app.findRecordById('changelog_entries', mailing.getString('entry'));
  } catch {
    entry = null;
  }
  const members = entry ? membersEmailed(app, entry.id) : new Set();
  const build = entry && releaseEmailBuilder(app, entry);
  let cursor = mailing.getString('cursor');
  let sent = mailing.getInt('sent');
  let skipped = mailing.getInt('skipped');
  // A release taken back to draft (or deleted) before its mailing ran goes to nobody.
  let done = entry?.getString('state') !== 'published';
  while (!done && Date.now() - started < BUDGET_MS) {
    const batch = app.findRecordsByFilter(
      'changelog_subscribers',
      "id > {:cursor} && confirmed_at != '' && unsubscribed = false",
      'id',
      BATCH,
      0,
      { cursor },
    );
    for (const row of batch) {
      if (members.has(row.getString('email'))) skipped += 1;
      else if (send(app, () => build(row), 'release', row.id)) sent += 1;
      cursor = row.id;
    }
    done = batch.length < BATCH;
    between();
    app
      .db()
      .newQuery(
        'UPDATE changelog_mailings SET cursor = {:cursor}, sent = {:sent}, skipped = {:skipped}, lease_until = {:lease}, ' +
          "status = {:status}, updated = {:now} WHERE id = {:id} AND status = 'pending'",
      )
      .bind({
        id: mailing.id,
        cursor,
        sent,
        skipped,
        lease: dateString(done ? Date.now() : Date.now() + LEASE_MS),
        status: done ? 'done' : 'pending',
        now: dateString(Date.now()),
      })
      .execute();
  }
  // Done: marked so. Out of time: the lease is let go, so the next run (a kick or the cron minute) goes on.
  app
    .db()
    .newQuery(`UPDATE changelog_mailings SET ${done ? "status = 'done'" : 'lease_until = {:now}'} WHERE id = {:id}`)
    .bind({ id: mailing.id, now: dateString(Date.now() - 1) })
    .execute();
  return done;
}

// One run at a time sends release mailings (in this process's store, so a restart frees it); any run sends
// the confirmations, each claimed on its own, so a long mailing never holds one up.
const LOCK_KEY = require(`${__hooks}/platform/contract/hook-hand-offs.js`).RELEASE_MAILER_RUNNING_KEY;

function acquireLock(app) {
  let acquired = false;
  app.store().setFunc(LOCK_KEY, (old) => {
    if (old && old > Date.now()) return old;
    acquired = true;
    return Date.now() + BUDGET_MS + 10_000;
  });
  return acquired;
}

/** One run: confirmations first (someone is waiting for them), then every due release mailing. */
function runReleaseMailer(app) {
  const started = Date.now();
  sendConfirmations(app);
  if (!acquireLock(app)) return;
  try {
    while (Date.now() - started < BUDGET_MS) {
      const [mailing] = app.findRecordsByFilter(
        'changelog_mailings',
        "status = 'pending' && lease_until < {:now}",
        'created',
        1,
        0,
        { now: dateString(Date.now()) },
      );
      if (!mailing) return;
      if (!claim(app, mailing)) return;
      sendMailing(app, mailing, started, () => sendConfirmations(app));
    }
  } finally {
    app.store().remove(LOCK_KEY);
  }
}

/** Queues the release's mailing, inside the publishing transaction (pb_hooks/changelog/changelog.pb.js). */
function queueReleaseMailing(txApp, entryId) {
  const mailing = new Record(txApp.findCachedCollectionByNameOrId('changelog_mailings'));
  mailing.set('entry', entryId);
  mailing.set('status', 'pending');
  mailing.set('lease_until', '');
  txApp.save(mailing);
}

module.exports = { JOB_ID, runReleaseMailer, queueReleaseMailing };
