/// <reference path="../../pb_data/types.d.ts" />
// Staff insight (/admin/insights), for active staff (admins and moderators) and superusers:
//   GET /api/chorus/insights-report?weeks=12|26&segment=<id>            → the report as JSON (insights-report/report.js)
//   GET /api/chorus/insights-report.csv?weeks=&segment=&chart=<name>   → the numbers behind one chart (or all) as CSV
// (Handlers run apart from this file's scope: each requires what it uses.)
routerAdd(
  'GET',
  '/api/chorus/insights-report',
  (e) => {
    const { cachedInsightsReport } = require(`${__hooks}/insights-report/report.js`);
    const query = e.request.url.query();
    return require(`${__hooks}/platform/private-answers.js`).privateJson(
      e,
      cachedInsightsReport(e.app, { weeks: query.get('weeks'), segment: query.get('segment') }),
    );
  },
  ...require(`${__hooks}/platform/route-guards.js`).STAFF_AND_SUPERUSERS,
);

routerAdd(
  'GET',
  '/api/chorus/insights-report.csv',
  (e) => {
    const { cachedInsightsReport, insightsCsv, CHARTS } = require(`${__hooks}/insights-report/report.js`);
    const query = e.request.url.query();
    const chart = CHARTS.includes(query.get('chart')) ? query.get('chart') : '';
    const report = cachedInsightsReport(e.app, { weeks: query.get('weeks'), segment: query.get('segment') });
    const filename = `insights${chart ? `-${chart}` : ''}.csv`;
    return require(`${__hooks}/platform/private-answers.js`).privateCsv(e, filename, insightsCsv(report, chart));
  },
  ...require(`${__hooks}/platform/route-guards.js`).STAFF_AND_SUPERUSERS,
);
