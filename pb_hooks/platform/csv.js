// A small RFC 4180 CSV reader for the hooks (PocketBase's JS engine cannot load the importer's ES module,
// tools/lib/import/csv.mjs, which reads the same way): quoted fields with commas, doubled quotes and line
// breaks, CRLF or LF, an optional UTF-8 byte-order mark. Lines are counted from 1 as an editor shows them,
// so an error can name the line a person sees. Blank lines are skipped.

/** @returns {{ records: { line: number, cells: string[] }[], unterminatedAt: number }} unterminatedAt is the
 * line where a quoted field opens and never closes (0 when every quote closes). */
function parseCsvRecords(text) {
  const records = [];
  let field = '';
  let record = [];
  let quoted = false;
  let wasQuoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 0;
  const source = String(text).replace(/^\uFEFF/, '');
  const end = () => {
    record.push(field);
    if (record.length > 1 || record[0] !== '' || wasQuoted) records.push({ line: recordLine, cells: record });
    record = [];
    field = '';
    wasQuoted = false;
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n' || (char === '\r' && source[i + 1] !== '\n')) line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
      wasQuoted = true;
      quoteLine = line;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      end();
      line += 1;
      recordLine = line;
    } else field += char;
  }
  if (quoted) return { records, unterminatedAt: quoteLine };
  if (field !== '' || record.length > 0 || wasQuoted) end();
  return { records, unterminatedAt: 0 };
}

module.exports = { parseCsvRecords };
