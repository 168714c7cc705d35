// A small RFC 4180 CSV reader: quoted fields with commas, doubled quotes and line breaks, CRLF or LF,
// an optional UTF-8 byte-order mark. Returns one object per row keyed by the header's column names.

/** @returns {{ header: string[], rows: { line: number, values: Record<string, string> }[] }} */
export function parseCsv(text) {
  const records = [];
  let field = '';
  let record = [];
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      record.push(field);
      records.push({ line: recordLine, cells: record });
      record = [];
      field = '';
      line += 1;
      recordLine = line;
    } else field += char;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push({ line: recordLine, cells: record });
  }
  const nonEmpty = records.filter((r) => r.cells.some((cell) => cell.trim() !== ''));
  const [head, ...body] = nonEmpty;
  const header = (head?.cells ?? []).map((name) => name.trim());
  const rows = body.map(({ line: rowLine, cells }) => ({
    line: rowLine,
    values: Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])),
  }));
  return { header, rows };
}
