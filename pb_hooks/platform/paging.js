// Reads ?page= and ?perPage= like PocketBase's list API does, within bounds.
module.exports.readPaging = (e, defaultPerPage, maxPerPage) => {
  const query = e.request.url.query();
  const page = Math.max(1, Number.parseInt(query.get('page'), 10) || 1);
  const perPage = Math.min(maxPerPage, Math.max(1, Number.parseInt(query.get('perPage'), 10) || defaultPerPage));
  return { page, perPage, offset: (page - 1) * perPage };
};
