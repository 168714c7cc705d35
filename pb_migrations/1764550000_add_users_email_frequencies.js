/// <reference path="../pb_data/types.d.ts" />
// Digests (issue #25): how often each kind of email reaches a member (instant, daily, weekly or off), the
// time zone their digests follow, and when their last daily and weekly digests went (the sent-markers
// that make a digest go once per period). All hidden: only the member (through /api/chorus/preferences)
// and superusers read them. Existing choices are kept: an email switch that was on becomes "instant",
// one that was off becomes "off" (the old switches stay, kept in step by pb_hooks/account/preferences.pb.js).
const KINDS = {
  comment_emails: 'email_on_comment',
  status_emails: 'email_on_status',
  release_emails: 'email_on_release',
};
const FREQUENCIES = ['instant', 'daily', 'weekly', 'off'];

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    for (const name of Object.keys(KINDS)) {
      users.fields.add(new SelectField({ name, values: FREQUENCIES, maxSelect: 1, hidden: true }));
    }
    users.fields.add(
      new TextField({ name: 'time_zone', max: 64, hidden: true }),
      new DateField({ name: 'digest_daily_at', hidden: true }),
      new DateField({ name: 'digest_weekly_at', hidden: true }),
    );
    app.save(users);
    const sets = Object.entries(KINDS)
      .map(([mode, flag]) => `${mode} = CASE WHEN ${flag} THEN 'instant' ELSE 'off' END`)
      .join(', ');
    app.db().newQuery(`UPDATE users SET ${sets}`).execute();
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    for (const name of [...Object.keys(KINDS), 'time_zone', 'digest_daily_at', 'digest_weekly_at']) {
      users.fields.removeByName(name);
    }
    app.save(users);
  },
);
