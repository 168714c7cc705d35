// A count read by SQL: the number a `SELECT COUNT(*) AS n …` query answers, the one home of reading it (a
// DynamicModel with n, bound and read with one()) for every hook that counts rows.

/** The `n` that `sql` (a `SELECT COUNT(*) AS n …`, with `params` bound) answers. */
function countOf(app, sql, params = {}) {
  const row = new DynamicModel({ n: 0 });
  app.db().newQuery(sql).bind(params).one(row);
  return row.n;
}

module.exports = { countOf };
