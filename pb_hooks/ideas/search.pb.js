/// <reference path="../../pb_data/types.d.ts" />
// GET /api/chorus/search?q=&board=<id>&page=&perPage=&expand= — ranked full-text search over ideas, in every script.
// Best first: BM25 with a title match worth 10 body matches, then votes, then newest. Words match as prefixes
// (unicode61 index); Chinese/Japanese/Korean/Thai terms match as substrings (trigram index, LIKE under 3 characters).
// Only posts the caller may list: the SQL mirrors the posts list rule (board visibility, approval) so
// pages and totals are exact, and each returned record is re-checked against the real rule.
// Response: { page, perPage, totalItems, totalPages, totalCapped, items: [posts records] } like a list response.
// A common word on a big board matches thousands (issue 35). Up to COUNT_CAP matches the caller may see, the
// search is ranked: each match's score comes from the index alone, and only the best RANKED_WINDOW past the page
// are joined to their ideas and ordered by score, votes and age. Past COUNT_CAP it is broad: the most voted band
// first, newest first within it, straight from the index's order (docs: features/search); the count stops at
// COUNT_CAP (`totalCapped`: more match; the site says "more than 1,000").
// A first page that found nothing is counted for staff (insights-report/search-misses.js: the text only, per week).
routerAdd('GET', '/api/chorus/search', (e) => {
  const { readPaging } = require(`${__hooks}/platform/paging.js`);
  const search = require(`${__hooks}/ideas/search-query.js`);
  const { COUNT_CAP, RANKED_WINDOW } = search;
  const { isStaff, postVisibleSql } = require(`${__hooks}/platform/access.js`);
  const query = e.request.url.query();
  const { page, perPage, offset } = readPaging(e, 20, 50);
  const fts = search.toFtsQuery(query.get('q'));
  const { words, substrings, shortSubstrings } = fts;
  if (!words && !substrings && shortSubstrings.length === 0) {
    return e.json(200, { page, perPage, totalItems: 0, totalPages: 0, totalCapped: false, items: [] });
  }

  const params = {
    words,
    substrings,
    board: query.get('board'),
    auth: e.auth?.collection().name === 'users' ? e.auth.id : '',
    staff: isStaff(e) ? 1 : 0,
    limit: perPage + 1, // one more than the page says whether there is a next one
    offset,
    window: offset + perPage + RANKED_WINDOW,
  };
  /** SQL: the idea `post` (posts, or its copy in posts_search_rows) is on the board asked for and the caller may see it. */
  const visibleTo = (post) =>
    `AND ({:board} = '' OR ${post}.board = {:board}) ` +
    `AND ${postVisibleSql({ post, board: 'b', person: '{:auth}', staff: '{:staff} = 1' })}`;
  // The matches as (post_id, r): r orders them, best (lowest) first.
  const matches = search.matchesSql(fts, params);
  const visibleOf = (candidates) =>
    `FROM (${candidates}) c JOIN posts p ON p.id = c.post_id JOIN boards b ON b.id = p.board WHERE 1 ${visibleTo('p')}`;
  // The page of the caller's ideas among `candidates`, each row with how many of them the caller may see (n,
  // when `counted`).
  const ranked = (candidates, counted = true) =>
    `SELECT p.id AS id, ${counted ? 'COUNT(*) OVER ()' : '0'} AS n ${visibleOf(candidates)} ` +
    'ORDER BY c.r, p.vote_count DESC, p.created DESC LIMIT {:limit} OFFSET {:offset}';
  const pageOf = (sql) => {
    const rows = require(`${__hooks}/platform/sql-rows.js`).rowsOf(e.app, sql, { id: '', n: 0 }, params);
    return { ids: rows.map((row) => row.id), visible: rows[0]?.n ?? null };
  };
  const countOf = (sql) => require(`${__hooks}/platform/sql-count.js`).countOf(e.app, sql, params);
  // The page ranked by score: every match when few do.
  function rankedPage() {
    // The best RANKED_WINDOW matches past the page, then the caller's among them.
    const windowed = pageOf(ranked(`${matches} ORDER BY r LIMIT {:window}`));
    let found = windowed.ids;
    // How many the caller may see, up to COUNT_CAP: the window's own count when it already passes the cap or
    // the window held every match (the usual cases: no second pass over the matches, and the raw count of the
    // window only when the cap is not passed); otherwise counted (hidden ideas among the best, or a page past
    // the window), which reads the matches again.
    const windowHeldAll = () => countOf(`SELECT COUNT(*) AS n FROM (${matches} LIMIT {:window})`) < params.window;
    const n =
      windowed.visible !== null && (windowed.visible > COUNT_CAP || windowHeldAll())
        ? windowed.visible
        : countOf(`SELECT COUNT(*) AS n FROM (SELECT 1 ${visibleOf(matches)} LIMIT ${COUNT_CAP + 1})`);
    // When hidden ideas left the page short of what the count promises: every match (its count is known).
    if (found.length <= perPage && n > offset + found.length) found = pageOf(ranked(matches, false)).ids;
    return { found, n };
  }
  // The first COUNT_CAP + 1 of the caller's matches (more on a page past them) in the index's order, the most
  // voted band first and newest first (search-query.js broadSql), checked against the posts rule through
  // posts_search_rows: reading stops there, with no score. Past COUNT_CAP the search is broad and its page comes
  // from these (a common word on a big board: ranking every match grows with the board, and what tells its
  // matches apart is how many people want them); otherwise (usually the whole search) the matches are ranked.
  // The words as typed, whole, are asked first: when they alone pass COUNT_CAP, the prefixes are never gathered.
  // Each is first counted in the index alone (no idea read), so a search with fewer matches goes straight to
  // ranking.
  const broadOf = (whole) => {
    const matching = search.broadSql(fts, params, whole);
    if (countOf(`SELECT COUNT(*) AS n FROM (${matching} LIMIT ${COUNT_CAP + 1})`) <= COUNT_CAP) return null;
    const inOrder =
      `SELECT r.post_id AS id, c.row AS row FROM (${matching}) c ` +
      `JOIN posts_search_rows r ON r.seq = ${search.seqOfRow('c.row')} JOIN boards b ON b.id = r.board WHERE 1 ` +
      `${visibleTo('r')} ORDER BY c.row DESC LIMIT ${Math.max(COUNT_CAP + 1, offset + perPage + 1)}`;
    const broad = pageOf(
      `SELECT id, COUNT(*) OVER () AS n FROM (${inOrder}) ORDER BY row DESC LIMIT {:limit} OFFSET {:offset}`,
    );
    // A page past every match has no row to carry the count: counted alone (never ranked instead).
    const n = broad.visible ?? (offset > 0 ? countOf(`SELECT COUNT(*) AS n FROM (${inOrder})`) : 0);
    return n > COUNT_CAP ? { found: broad.ids, n } : null;
  };
  const { found, n } = (search.hasPrefixes(fts) && broadOf(true)) || broadOf(false) || rankedPage();
  const capped = n > COUNT_CAP;
  const totalItems = Math.min(n, COUNT_CAP);
  const hasNext = found.length > perPage;
  const totalPages = capped
    ? Math.max(Math.ceil(COUNT_CAP / perPage), page + (hasNext ? 1 : 0))
    : Math.ceil(totalItems / perPage);
  const rows = found.slice(0, perPage).map((id) => ({ id }));
  if (totalItems === 0 && page === 1) {
    try {
      require(`${__hooks}/insights-report/search-misses.js`).recordMiss(e.app, query.get('q'), e.realIP());
    } catch (error) {
      e.app.logger().warn('search miss not recorded', 'error', String(error));
    }
  }

  const ids = rows.map((row) => row.id);
  const byId = {};
  for (const record of ids.length > 0 ? e.app.findRecordsByIds('posts', ids) : []) byId[record.id] = record;
  const info = e.requestInfo();
  const rule = e.app.findCachedCollectionByNameOrId('posts').listRule;
  const items = ids.map((id) => byId[id]).filter((record) => record && e.app.canAccessRecord(record, info, rule));
  $apis.enrichRecords(e, items);
  return e.json(200, { page, perPage, totalItems, totalPages, totalCapped: capped, items });
});
