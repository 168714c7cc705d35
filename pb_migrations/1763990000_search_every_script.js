/// <reference path="../pb_data/types.d.ts" />
// Search in every script: a trigram FTS5 index beside the unicode61 one, for ideas written in scripts without
// spaces between words (Chinese, Japanese, Korean, Thai…), and both indexes fed text without Hebrew niqqud,
// Arabic tashkeel and tatweel (unicode61's remove_diacritics does not remove these; they even split its words).
// Only posts containing such scripts go into the trigram index (the only ones its queries can match), and the
// mark removal runs only on text with Hebrew or Arabic, so Latin-only boards pay almost nothing on writes.
// The triggers keep both indexes in step with `posts` on every write path, in the same transaction.
// Queried by pb_hooks/ideas/search.pb.js; the query side applies the same rules (pb_hooks/ideas/search-query.js).
const MARK_RANGES = [
  [0x0591, 0x05bd],
  [0x05bf, 0x05bf],
  [0x05c1, 0x05c2],
  [0x05c4, 0x05c5],
  [0x05c7, 0x05c7], // Hebrew points
  [0x0610, 0x061a],
  [0x0640, 0x0640],
  [0x064b, 0x065f],
  [0x0670, 0x0670], // Arabic harakat, tatweel
  [0x06d6, 0x06dc],
  [0x06df, 0x06e4],
  [0x06e7, 0x06e8],
  [0x06ea, 0x06ed], // Arabic Quranic marks
];
const UNSPACED_RANGES = [
  [0x0e00, 0x0eff],
  [0x1000, 0x109f],
  [0x1100, 0x11ff],
  [0x1780, 0x17ff], // Thai, Lao, Myanmar, Hangul Jamo, Khmer
  [0x3040, 0x30ff],
  [0x3130, 0x318f],
  [0x31f0, 0x31ff], // kana, Hangul compatibility Jamo
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xac00, 0xd7af],
  [0xf900, 0xfaff],
  [0xff66, 0xff9f],
  [0x20000, 0x3134f], // Han, Hangul
];
/** A GLOB pattern matching text that contains any character of `ranges`. */
const containsAny = (ranges) =>
  `'*[${ranges.map(([from, to]) => `${String.fromCodePoint(from)}-${String.fromCodePoint(to)}`).join('')}]*'`;
/** SQL for `expr` without the marks above (one replace() per code point: SQLite has no regex replace). */
const withoutMarks = (expr) => {
  let sql = expr;
  for (const [from, to] of MARK_RANGES) {
    for (let code = from; code <= to; code++) sql = `replace(${sql}, char(${code}), '')`;
  }
  return `CASE WHEN ${expr} GLOB ${containsAny([[0x0591, 0x06ed]])} THEN ${sql} ELSE ${expr} END`;
};
const TRIGGERS = ['posts_search_insert', 'posts_search_update', 'posts_search_delete'];

/** Refills `tables` ({ name: which rows go in, as SQL on `row`, or '' for all }) and recreates the triggers. */
const indexInto = (sql, tables, clean) => {
  const insert = (row) =>
    Object.entries(tables)
      .map(
        ([name, only]) =>
          `INSERT INTO ${name} (post_id, title, body) SELECT ${row}.id, ${clean(`${row}.title`)}, ${clean(`${row}.body`)}` +
          (only ? ` WHERE ${only(row)};` : ';'),
      )
      .join('\n');
  const remove = (row) =>
    Object.keys(tables)
      .map((name) => `DELETE FROM ${name} WHERE post_id = ${row}.id;`)
      .join('\n');
  for (const name of TRIGGERS) sql(`DROP TRIGGER IF EXISTS ${name}`);
  for (const [name, only] of Object.entries(tables)) {
    sql(`DELETE FROM ${name}`);
    sql(
      `INSERT INTO ${name} (post_id, title, body) SELECT p.id, ${clean('p.title')}, ${clean('p.body')} FROM posts p` +
        (only ? ` WHERE ${only('p')}` : ''),
    );
  }
  sql(`CREATE TRIGGER posts_search_insert AFTER INSERT ON posts BEGIN\n${insert('new')}\nEND`);
  sql(`CREATE TRIGGER posts_search_update AFTER UPDATE ON posts
    WHEN old.title IS NOT new.title OR old.body IS NOT new.body OR old.id IS NOT new.id BEGIN
    ${remove('old')}
    ${insert('new')}
  END`);
  sql(`CREATE TRIGGER posts_search_delete AFTER DELETE ON posts BEGIN\n${remove('old')}\nEND`);
};

migrate(
  (app) => {
    const sql = (query) => app.db().newQuery(query).execute();
    sql(
      `CREATE VIRTUAL TABLE posts_search_trigram USING fts5(post_id UNINDEXED, title, body, tokenize = 'trigram remove_diacritics 1')`,
    );
    const unspaced = (row) => `(${row}.title || ' ' || ${row}.body) GLOB ${containsAny(UNSPACED_RANGES)}`;
    indexInto(sql, { posts_search_fts: null, posts_search_trigram: unspaced }, withoutMarks);
  },
  (app) => {
    const sql = (query) => app.db().newQuery(query).execute();
    indexInto(sql, { posts_search_fts: null }, (column) => column);
    sql('DROP TABLE IF EXISTS posts_search_trigram');
  },
);
