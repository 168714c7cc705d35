// The audit log as CSV (pb_hooks/audit/audit-export.pb.js): stable English column names, before and after as JSON,
// read in pages of 500 so a long log never sits in memory as records all at once.
const COLUMNS = [
  'created',
  'actor_name',
  'actor_role',
  'via',
  'action',
  'target_collection',
  'target_id',
  'target_label',
  'before',
  'after',
  'ip',
  'actor',
  'id',
];
const PAGE = 500;
/** At most this many rows in one file (a retention of years stays far below it). */
const MAX_ROWS = 100_000;

/** One CSV cell: formula-looking text gets a leading quote, then RFC 4180 quoting. */
function csvCell(value) {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[\s]*[=+\-@]/.test(text) || /^[\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function cellOf(record, column) {
  if (column === 'created') return record.getDateTime('created').string();
  if (column === 'before' || column === 'after') {
    // A JSON field's raw text (get() would hand its bytes).
    const text = record.getString(column);
    return text === 'null' ? '' : text;
  }
  return record.getString(column);
}

/** { csv, rows } for the entries matching `filter` (PocketBase syntax, bound `params`), newest first. */
function auditCsv(app, filter, params) {
  const lines = [COLUMNS.join(',')];
  for (let offset = 0; offset < MAX_ROWS; offset += PAGE) {
    const page = app.findRecordsByFilter('audit_entries', filter || '1 = 1', '-created,-id', PAGE, offset, params);
    for (const record of page) lines.push(COLUMNS.map((column) => csvCell(cellOf(record, column))).join(','));
    if (page.length < PAGE) break;
  }
  return { csv: `${lines.join('\r\n')}\r\n`, rows: lines.length - 1 };
}

module.exports = { auditCsv, csvCell };
