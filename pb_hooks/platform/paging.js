// A route's numbers from its query, read like PocketBase's list API reads ?page= and ?perPage=: whole, within bounds.

/** ?name= as a whole number within [1, most]; `fallback` when absent, 0 or not a number. */
function boundedNumber(e, name, fallback, most) {
  return Math.min(most, Math.max(1, Number.parseInt(e.request.url.query().get(name), 10) || fallback));
}

/** ?page= (from 1) and ?perPage= (within [1, maxPerPage], `defaultPerPage` when absent), and the rows skipped. */
function readPaging(e, defaultPerPage, maxPerPage) {
  const page = boundedNumber(e, 'page', 1, Number.MAX_SAFE_INTEGER);
  const perPage = boundedNumber(e, 'perPage', defaultPerPage, maxPerPage);
  return { page, perPage, offset: (page - 1) * perPage };
}

module.exports = { boundedNumber, readPaging };
