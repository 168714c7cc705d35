/// <reference path="../../pb_data/types.d.ts" />
// Alerts when an idea crosses a line (pb_hooks/alerts/alerts.js): every save of an idea's insights row (a
// vote recomputes it in its transaction, or the worth job right after on a popular idea; revenue changes
// too) checks the open rules in that same transaction; after commit, a firing wakes the `chorus_alerts` job, which delivers off the write path.
// Admins may only name staff as recipients (checked for admins only, so nobody else can probe who is staff).
onRecordCreate((e) => {
  e.next();
  require(`${__hooks}/alerts/alerts.js`).checkAlerts(e.app, e.record);
}, 'post_insights');

onRecordUpdate((e) => {
  e.next();
  require(`${__hooks}/alerts/alerts.js`).checkAlerts(e.app, e.record);
}, 'post_insights');

{
  const wake = (e) => {
    e.next();
    const { hasPending } = require(`${__hooks}/alerts/alerts.js`);
    if (hasPending(e.app, e.record.id))
      require(`${__hooks}/webhooks/kick.js`).kickJob(
        e.app,
        require(`${__hooks}/platform/contract/hook-hand-offs.js`).ALERTS_JOB,
      );
  };
  onRecordAfterCreateSuccess(wake, 'post_insights');
  onRecordAfterUpdateSuccess(wake, 'post_insights');
}

cronAdd(require(`${__hooks}/platform/contract/hook-hand-offs.js`).ALERTS_JOB, '* * * * *', () => {
  require(`${__hooks}/alerts/alerts.js`).deliverFirings($app);
});

{
  const staffOnly = (e) => {
    const { inRequestLanguage, refusalText, fieldRefusal } = require(`${__hooks}/platform/refusals.js`);
    inRequestLanguage(e, () => {
      const { isActiveStaffUser, memberOf } = require(`${__hooks}/platform/access.js`);
      // Only for admins (whom the rules let write; PocketBase checks the rule first today): nobody else may
      // learn from the answer who is staff.
      const caller = memberOf(e);
      const admin = e.hasSuperuserAuth() || (isActiveStaffUser(caller) && caller.getString('role') === 'admin');
      if (!admin) return e.next();
      const ids = e.record.getStringSlice('recipients');
      const people = ids.length ? e.app.findRecordsByIds('users', ids) : [];
      if (people.length !== ids.length || !people.every(isActiveStaffUser)) {
        throw new BadRequestError(refusalText('alertRecipientsStaff'), {
          recipients: fieldRefusal('validation_not_staff', 'alertRecipientsStaff'),
        });
      }
      e.next();
    });
  };
  onRecordCreateRequest(staffOnly, 'alert_rules');
  onRecordUpdateRequest(staffOnly, 'alert_rules');
}
