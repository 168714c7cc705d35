// The audit log's retention: entries older than site.audit_retention_days go (0 = kept forever), with one
// SQL delete on the created index (entries refuse model deletes, pb_hooks/audit/audit.pb.js). Run daily.
function pruneAudit(app) {
  const [site] = app.findRecordsByFilter('site', '', '', 1, 0);
  const days = site ? site.getInt('audit_retention_days') : 0;
  if (!(days > 0)) return 0;
  const cutoff = require(`${__hooks}/platform/dates.js`).dateString(Date.now() - days * 86_400_000);
  const result = app.db().newQuery('DELETE FROM audit_entries WHERE created < {:cutoff}').bind({ cutoff }).execute();
  const removed = result.rowsAffected();
  app.logger().info('Audit entries past retention removed', 'days', days, 'removed', removed);
  return removed;
}

/** The audit_retention_days a site update sent, as sent (JSON or a form), when it is a whole number of days
 * from 0 to 3650; null otherwise. */
function retentionDaysSent(e) {
  const request = e.request || e.requestEvent.request;
  const type = String(request.header.get('Content-Type') || '');
  let raw;
  if (type.includes('json')) {
    try {
      raw = JSON.parse(toString(request.body) || '{}').audit_retention_days;
    } catch {
      return null;
    }
  } else {
    raw = request.formValue('audit_retention_days');
  }
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  return /^\d{1,4}$/.test(text) && Number(text) <= 3650 ? Number(text) : null;
}

module.exports = { pruneAudit, retentionDaysSent };
