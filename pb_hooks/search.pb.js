/// <reference path="../pb_data/types.d.ts" />
// GET /api/chorus/search?q=&board=<id>&page=&perPage=&expand= — ranked full-text search over ideas, in every script.
// Best first: BM25 with a title match worth 10 body matches, then votes, then newest. Words match as prefixes
// (unicode61 index); Chinese/Japanese/Korean/Thai terms match as substrings (trigram index, LIKE under 3 characters).
// Only posts the caller may list: the SQL mirrors the posts list rule (board visibility, approval) so
// pages and totals are exact, and each returned record is re-checked against the real rule.
// Response: { page, perPage, totalItems, totalPages, items: [posts records] } like a list response.
routerAdd('GET', '/api/chorus/search', (e) => {
  const { readPaging } = require(`${__hooks}/lib/paging.js`);
  const { toFtsQuery } = require(`${__hooks}/lib/ideas/search-query.js`);
  const { isStaff, postVisibleSql } = require(`${__hooks}/lib/access.js`);
  const query = e.request.url.query();
  const { page, perPage, offset } = readPaging(e, 20, 50);
  const { words, substrings, shortSubstrings } = toFtsQuery(query.get('q'));
  if (!words && !substrings && shortSubstrings.length === 0) {
    return e.json(200, { page, perPage, totalItems: 0, totalPages: 0, items: [] });
  }

  const params = {
    words,
    substrings,
    board: query.get('board'),
    auth: e.auth?.collection().name === 'users' ? e.auth.id : '',
    staff: isStaff(e) ? 1 : 0,
    limit: perPage,
    offset,
  };
  const visible =
    "AND ({:board} = '' OR p.board = {:board}) " +
    `AND ${postVisibleSql({ post: 'p', board: 'b', person: '{:auth}', staff: '{:staff} = 1' })}`;
  let from;
  let rank;
  if (!substrings && shortSubstrings.length === 0) {
    from = 'FROM posts_search_fts f JOIN posts p ON p.id = f.post_id JOIN boards b ON b.id = p.board ';
    from += `WHERE posts_search_fts MATCH {:words} ${visible}`;
    rank = 'bm25(posts_search_fts, 0.0, 10.0, 1.0)';
  } else {
    // Unspaced scripts: driven by the trigram index; any other words typed must match the word index too.
    from = 'FROM posts_search_trigram g JOIN posts p ON p.id = g.post_id JOIN boards b ON b.id = p.board WHERE 1 ';
    if (substrings) from += 'AND posts_search_trigram MATCH {:substrings} ';
    shortSubstrings.forEach((term, i) => {
      params[`like${i}`] = `%${term}%`; // only letters: no LIKE wildcards can be in a term
      from += `AND (g.title LIKE {:like${i}} OR g.body LIKE {:like${i}}) `;
    });
    if (words) from += 'AND p.id IN (SELECT post_id FROM posts_search_fts WHERE posts_search_fts MATCH {:words}) ';
    from += visible;
    rank = substrings ? 'bm25(posts_search_trigram, 0.0, 10.0, 1.0)' : '(g.title LIKE {:like0}) DESC';
  }
  const rows = arrayOf(new DynamicModel({ id: '' }));
  e.app
    .db()
    .newQuery(
      `SELECT p.id AS id ${from} ORDER BY ${rank}, p.vote_count DESC, p.created DESC LIMIT {:limit} OFFSET {:offset}`,
    )
    .bind(params)
    .all(rows);
  const total = new DynamicModel({ n: 0 });
  e.app.db().newQuery(`SELECT COUNT(*) AS n ${from}`).bind(params).one(total);

  const ids = rows.map((row) => row.id);
  const byId = {};
  for (const record of e.app.findRecordsByIds('posts', ids)) byId[record.id] = record;
  const info = e.requestInfo();
  const rule = e.app.findCollectionByNameOrId('posts').listRule;
  const items = ids.map((id) => byId[id]).filter((record) => record && e.app.canAccessRecord(record, info, rule));
  $apis.enrichRecords(e, items);
  return e.json(200, { page, perPage, totalItems: total.n, totalPages: Math.ceil(total.n / perPage), items });
});
