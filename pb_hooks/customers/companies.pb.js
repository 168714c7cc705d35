/// <reference path="../../pb_data/types.d.ts" />
// POST /api/chorus/companies/import { csv } — admins upload companies as CSV (id,name,plan,monthly_revenue,
// header required, ≤ 5,000 rows, ≤ 1 MB). Every row is checked first; any bad row writes nothing and the
// answer lists each problem by line: 400 { status, code, message, data: {}, errors: [{ line, column, code }],
// total }. A good file is upserted by id in one transaction: 200 { created, updated, unchanged }.
routerAdd(
  'POST',
  '/api/chorus/companies/import',
  (e) => {
    const { requireAdmin } = require(`${__hooks}/platform/staff.js`);
    const { readCompaniesCsv, writeCompanies, ImportRefusal } = require(`${__hooks}/customers/companies-import.js`);
    const { translate, requestLocale } = require(`${__hooks}/platform/i18n.js`);
    const admin = requireAdmin(e);
    let rows;
    try {
      rows = readCompaniesCsv(e.requestInfo().body.csv);
    } catch (error) {
      if (!(error instanceof ImportRefusal)) throw error;
      const key = { empty: 'importEmpty', too_large: 'importTooLarge', too_many_rows: 'importTooManyRows' };
      // i18n-keys: customers.importEmpty customers.importTooLarge customers.importTooManyRows customers.importInvalidRows
      const message = translate(requestLocale(e), 'customers', key[error.code] || 'importInvalidRows');
      const status = error.code === 'too_large' ? 413 : 400;
      return e.json(status, {
        status,
        code: error.code,
        message,
        data: {},
        errors: error.errors,
        total: error.total ?? error.errors.length,
      });
    }
    let counts;
    e.app.runInTransaction((txApp) => {
      counts = writeCompanies(txApp, rows);
      const { recordAudit } = require(`${__hooks}/audit/audit.js`);
      recordAudit(txApp, e, {
        action: 'companies.import',
        label: 'companies.csv',
        after: { rows: rows.length, ...counts },
      });
    });
    e.app.logger().info('Companies imported', 'admin', admin ? admin.id : 'superuser', 'rows', rows.length);
    return e.json(200, counts);
  },
  // The CSV may be 1 MB once JSON-escaped quotes and line breaks are counted in: this route takes 2 MB.
  $apis.bodyLimit(2 * 1024 * 1024),
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);
