// Reading PocketBase's --dev log of SQL ("[0.12ms] SELECT …", one statement a line) and the tables a statement
// reads, for the tests that hold hot statements to SQLite's query plans (large boards, staff insight) and the
// columns a write sets (count writes), and how many times a job finished a piece of work (a duplicate check's mark).

/** Every statement PocketBase printed in `output` after `from`. */
function loggedSince(output: string, from: number): string[] {
  return output
    .slice(from)
    .split('\n')
    .map((line) => line.match(/^\[\d+(?:\.\d+)?ms\] (.*)$/)?.[1]?.trim() ?? '')
    .filter(Boolean);
}

/** The SELECT/WITH statements PocketBase printed in `output` after `from`; with `tables`, only those reading one. */
export function statementsSince(output: string, from: number, tables?: string[]): string[] {
  return loggedSince(output, from)
    .filter((sql) => /^(SELECT|WITH)\b/i.test(sql))
    .filter((sql) => !tables || tableNames(sql, tables).size > 0);
}

/** The UPDATE statements of `table` PocketBase printed in `output` after `from` (the name quoted or not). */
export function updatesSince(output: string, from: number, table: string): string[] {
  const update = new RegExp(`^UPDATE\\s+[\`"]?${table}[\`"]?\\s+SET\\b`, 'i');
  return loggedSince(output, from).filter((sql) => update.test(sql));
}

/** The DELETE statements of `table` PocketBase printed in `output` after `from` (the name quoted or not). */
export function deletesSince(output: string, from: number, table: string): string[] {
  const remove = new RegExp(`^DELETE\\s+FROM\\s+[\`"]?${table}[\`"]?\\s`, 'i');
  return loggedSince(output, from).filter((sql) => remove.test(sql));
}

/** The names a statement gives `tables` (each table it reads, and any alias it gives one), for reading its plan. */
export function tableNames(sql: string, tables: string[]): Set<string> {
  const names = new Set<string>();
  const reference = /\b(?:FROM|JOIN)\s+[`"]?(\w+)[`"]?(?:\s+(?:AS\s+)?[`"]?(\w+)[`"]?)?/gi;
  for (const [, table, alias] of sql.matchAll(reference)) {
    if (!table || !tables.includes(table)) continue;
    names.add(table);
    if (alias && !/^(WHERE|LEFT|INNER|JOIN|ON|ORDER|GROUP|LIMIT|UNION|CROSS|AS)$/i.test(alias)) names.add(alias);
  }
  return names;
}
