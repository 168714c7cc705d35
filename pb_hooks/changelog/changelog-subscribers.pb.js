/// <reference path="../../pb_data/types.d.ts" />
// Release emails for anyone (issue #25, item 6). Sign-in-free routes a visitor reaches through the site:
//   POST /api/chorus/changelog/subscribe   { email, locale } → 202 { ok: true }, whatever the address's state
//   POST /api/chorus/changelog/confirm     { token }         → 200 { confirmed: true }
//   POST /api/chorus/changelog/unsubscribe { token }         → 200 { unsubscribed: true }
// Subscribing answers the same for a new, pending or confirmed address (no enumeration) and only queues the
// confirmation email: the mailer sends it beside the request, so the answer's timing says nothing either.
// Limits: per client address (PocketBase's trusted address, platform/limits.js), per recipient (changelog/changelog-subscribers.js).

routerAdd(
  'POST',
  '/api/chorus/changelog/subscribe',
  (e) => {
    const { normalizeEmail, requestSubscription } = require(`${__hooks}/changelog/changelog-subscribers.js`);
    const { refusalText, fieldRefusal } = require(`${__hooks}/platform/refusals.js`);
    const { spend } = require(`${__hooks}/platform/limits.js`);
    const { isLocale, requestLocale } = require(`${__hooks}/platform/i18n.js`);
    const { kickJob } = require(`${__hooks}/webhooks/kick.js`);
    const body = e.requestInfo().body;
    spend('changelog-subscribe', e.realIP());
    const email = normalizeEmail(body.email);
    if (!email) {
      throw new BadRequestError(refusalText('changelogEmailInvalid'), {
        email: fieldRefusal('validation_invalid_email', 'changelogEmailInvalid'),
      });
    }
    const locale = isLocale(body.locale) ? body.locale : requestLocale(e);
    try {
      requestSubscription(e.app, email, locale);
    } catch (error) {
      // Two requests for one new address at once: the unique index keeps one row, which is what was asked.
      e.app.logger().warn('A changelog subscription was not saved', 'error', String(error));
    }
    kickJob(e.app, require(`${__hooks}/platform/contract/hook-hand-offs.js`).RELEASE_EMAILS_JOB);
    return e.json(202, { ok: true });
  },
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

routerAdd(
  'POST',
  '/api/chorus/changelog/confirm',
  (e) => require(`${__hooks}/changelog/changelog-subscribers.js`).confirmByLink(e),
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

routerAdd(
  'POST',
  '/api/chorus/changelog/unsubscribe',
  (e) => require(`${__hooks}/changelog/changelog-subscribers.js`).unsubscribeByLink(e),
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

// The mailer: every minute, and at once when a subscription or a published release kicks it.
cronAdd(require(`${__hooks}/platform/contract/hook-hand-offs.js`).RELEASE_EMAILS_JOB, '* * * * *', () => {
  const { runReleaseMailer } = require(`${__hooks}/changelog/release-mailer.js`);
  runReleaseMailer($app);
});

// Addresses never confirmed, and unsubscribed ones, are forgotten after a week (the brake lasts a day).
cronAdd(
  require(`${__hooks}/platform/contract/hook-hand-offs.js`).CHANGELOG_SUBSCRIBERS_CLEANUP_JOB,
  '23 3 * * *',
  () => {
    const { dateString } = require(`${__hooks}/platform/dates.js`);
    $app
      .db()
      .newQuery(
        "DELETE FROM changelog_subscribers WHERE (confirmed_at = '' OR unsubscribed = TRUE) AND updated < {:cutoff}",
      )
      .bind({ cutoff: dateString(Date.now() - 7 * 24 * 3600_000) })
      .execute();
  },
);

// A release just published (its mailing committed with it): wake the mailer now, not at the next minute.
for (const register of [onRecordAfterCreateSuccess, onRecordAfterUpdateSuccess]) {
  register((e) => {
    e.next();
    if (e.record.getString('state') !== 'published') return;
    const pending = e.app.findRecordsByFilter(
      'changelog_mailings',
      "entry = {:entry} && status = 'pending'",
      '',
      1,
      0,
      { entry: e.record.id },
    );
    if (pending.length === 0) return;
    const { kickJob } = require(`${__hooks}/webhooks/kick.js`);
    kickJob(e.app, require(`${__hooks}/platform/contract/hook-hand-offs.js`).RELEASE_EMAILS_JOB);
  }, 'changelog_entries');
}

// GET /api/chorus/changelog/subscribers/count — for staff (the changelog editor): { confirmed } addresses
// that get release emails. A count only: the addresses are personal data no one reads in Chorus (operators
// see the rows in PocketBase's admin UI).
routerAdd(
  'GET',
  '/api/chorus/changelog/subscribers/count',
  (e) => {
    const { requireStaff } = require(`${__hooks}/platform/staff.js`);
    requireStaff(e);
    const { countOf } = require(`${__hooks}/platform/sql-count.js`);
    const sql = "SELECT COUNT(*) AS n FROM changelog_subscribers WHERE confirmed_at != '' AND unsubscribed = FALSE";
    return e.json(200, { confirmed: countOf(e.app, sql) });
  },
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);
