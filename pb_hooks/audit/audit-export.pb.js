/// <reference path="../../pb_data/types.d.ts" />
// GET /api/chorus/audit/export.csv?actor=&action=&target=&from=&to= — admins (and superusers) download the
// audit log as CSV, newest first, with the filters /admin/audit shows (audit/audit-filter.js). The export is
// itself an audited action. Cells a spreadsheet would run as a formula are prefixed with a quote.
routerAdd(
  'GET',
  '/api/chorus/audit/export.csv',
  (e) => {
    const { auditFilter } = require(`${__hooks}/audit/audit-filter.js`);
    const { auditCsv } = require(`${__hooks}/audit/audit-export.js`);
    const { recordAudit } = require(`${__hooks}/audit/audit.js`);
    const query = {};
    for (const key of ['actor', 'action', 'target', 'from', 'to']) query[key] = e.request.url.query().get(key);
    const { filter, params } = auditFilter(query);
    const { csv, rows } = auditCsv(e.app, filter, params);
    const shown = {};
    for (const key in query) if (query[key]) shown[key] = String(query[key]).slice(0, 300);
    recordAudit(e.app, e, { action: 'audit.export', label: 'audit.csv', after: { rows, filters: shown } });
    return require(`${__hooks}/platform/private-answers.js`).privateCsv(e, 'audit.csv', csv);
  },
  ...require(`${__hooks}/platform/route-guards.js`).ADMINS,
);
