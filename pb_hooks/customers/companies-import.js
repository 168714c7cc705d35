// Admins' CSV upload of companies (issue #24): `id,name,plan,monthly_revenue` with a header, at most 5,000
// rows and 1 MB. Every row is checked before anything is written; a file with any bad row writes nothing
// and answers each problem with its line. Good files upsert by id (the company's `external_id`, the same id
// identify tokens carry) in one transaction, saving only the companies that change.
const { parseCsvRecords } = require(`${__hooks}/platform/csv.js`);
const { stampRevenue } = require(`${__hooks}/customers/revenue.js`);

const MAX_BYTES = 1024 * 1024;
const MAX_ROWS = 5000;
const MAX_ERRORS = 100;
const COLUMNS = ['id', 'name', 'plan', 'monthly_revenue'];
const REQUIRED = ['id', 'name'];
const REVENUE = /^\d{1,13}(\.\d{1,2})?$/;

/** A whole-file refusal (no rows looked at): { code, line? }. */
class ImportRefusal extends Error {
  constructor(code, errors) {
    super(code);
    this.code = code;
    this.errors = errors || [];
  }
}

const utf8Length = (text) => {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    // A surrogate pair (4 bytes in UTF-8) counts 2 + 2.
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdfff ? 2 : 3;
  }
  return bytes;
};

/** The checked rows of a CSV text: [{ line, id, name, plan?, monthlyRevenue? }], or an ImportRefusal whose
 * errors are [{ line, column, code }] (at most 100; `total` counts them all). */
function readCompaniesCsv(text) {
  if (typeof text !== 'string' || text.trim() === '') throw new ImportRefusal('empty');
  if (utf8Length(text) > MAX_BYTES) throw new ImportRefusal('too_large');
  const { records, unterminatedAt } = parseCsvRecords(text);
  if (unterminatedAt) throw new ImportRefusal('invalid_rows', [{ line: unterminatedAt, column: '', code: 'quote' }]);
  const [head, ...body] = records;
  const header = head.cells.map((name) => name.trim().toLowerCase());
  const headerErrors = [];
  for (const name of header) {
    if (!COLUMNS.includes(name))
      headerErrors.push({ line: head.line, column: name.slice(0, 40), code: 'unknown_column' });
  }
  for (const name of REQUIRED) {
    if (!header.includes(name)) headerErrors.push({ line: head.line, column: name, code: 'missing_column' });
  }
  if (new Set(header).size !== header.length)
    headerErrors.push({ line: head.line, column: '', code: 'duplicate_column' });
  if (headerErrors.length) throw new ImportRefusal('invalid_rows', headerErrors);
  const rows = body.filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) throw new ImportRefusal('empty');
  if (rows.length > MAX_ROWS) throw new ImportRefusal('too_many_rows');

  const errors = [];
  const seen = {};
  const good = [];
  for (const { line, cells } of rows) {
    const problem = (column, code) => errors.push({ line, column, code });
    if (cells.length > header.length) {
      problem('', 'extra_cells');
      continue;
    }
    const value = {};
    header.forEach((name, index) => {
      value[name] = (cells[index] ?? '').trim();
    });
    const before = errors.length;
    if (!value.id) problem('id', 'required');
    else if (value.id.length > 128) problem('id', 'too_long');
    else if (/\s/.test(value.id)) problem('id', 'whitespace');
    else if (Object.hasOwn(seen, value.id)) problem('id', 'duplicate');
    else seen[value.id] = line;
    if (!value.name) problem('name', 'required');
    else if (value.name.length > 200) problem('name', 'too_long');
    if ((value.plan ?? '').length > 60) problem('plan', 'too_long');
    const revenue = value.monthly_revenue ?? '';
    if (revenue !== '' && (!REVENUE.test(revenue) || Number(revenue) > 1e12)) problem('monthly_revenue', 'revenue');
    if (errors.length > before) continue;
    good.push({
      line,
      id: value.id,
      name: value.name,
      plan: header.includes('plan') ? value.plan : undefined,
      monthlyRevenue: revenue === '' ? undefined : Number(revenue),
    });
  }
  if (errors.length) {
    const refusal = new ImportRefusal('invalid_rows', errors.slice(0, MAX_ERRORS));
    refusal.total = errors.length;
    throw refusal;
  }
  return good;
}

/** Upserts the checked rows by external id in `app` (a transaction); returns { created, updated, unchanged }. */
function writeCompanies(app, rows) {
  const collection = app.findCachedCollectionByNameOrId('companies');
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const row of rows) {
    let record;
    try {
      record = app.findFirstRecordByFilter('companies', 'external_id = {:id}', { id: row.id });
    } catch {
      record = new Record(collection);
      record.set('external_id', row.id);
    }
    const isNew = record.isNew();
    let changed = isNew;
    const set = (field, next, now) => {
      if (next === undefined || next === now) return;
      record.set(field, next);
      changed = true;
    };
    set('name', row.name, record.getString('name'));
    set('plan', row.plan, record.getString('plan'));
    const revenueBefore = record.getFloat('monthly_revenue');
    set('monthly_revenue', row.monthlyRevenue, revenueBefore);
    if (record.getFloat('monthly_revenue') !== revenueBefore) stampRevenue(record, 'csv');
    if (!changed) {
      counts.unchanged += 1;
      continue;
    }
    app.save(record);
    counts[isNew ? 'created' : 'updated'] += 1;
  }
  return counts;
}

module.exports = { readCompaniesCsv, writeCompanies, ImportRefusal, MAX_BYTES, MAX_ROWS };
