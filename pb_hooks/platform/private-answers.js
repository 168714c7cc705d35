// Answers no cache may keep (Cache-Control: private, no-store): a member's own data, admins' status and reports, and
// the CSV downloads (an attachment with its file name). The one home of those headers for the routes that answer so.

/** Marks the answer as one no cache keeps. */
const noStore = (e) => e.response.header().set('Cache-Control', 'private, no-store');

/** `data` as JSON (200) that no cache keeps. */
function privateJson(e, data) {
  noStore(e);
  return e.json(200, data);
}

/** `csv` as the download `filename` (200), that no cache keeps. */
function privateCsv(e, filename, csv) {
  e.response.header().set('Content-Disposition', `attachment; filename="${filename}"`);
  noStore(e);
  return e.blob(200, 'text/csv; charset=utf-8', csv);
}

module.exports = { privateJson, privateCsv };
