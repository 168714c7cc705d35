// Rows read by SQL: what a query answers, each row a DynamicModel of the given shape (its fields and their zero
// values), the one home of reading them (bound, then read with all()) for every hook that lists rows by SQL.
// Counts have theirs beside it (sql-count.js).

/** The rows `sql` (with `params` bound) answers, each with the fields of `shape`. */
function rowsOf(app, sql, shape, params = {}) {
  const rows = arrayOf(new DynamicModel(shape));
  app.db().newQuery(sql).bind(params).all(rows);
  return rows;
}

module.exports = { rowsOf };
