/// <reference path="../pb_data/types.d.ts" />
// Ranked full-text search over post titles and bodies: an FTS5 index kept in step with `posts` by
// SQLite triggers, so every write path (API, hooks, batch, admin UI) updates it in the same transaction.
// Queried by pb_hooks/ideas/search.pb.js.
migrate(
  (app) => {
    const sql = (query) => app.db().newQuery(query).execute();
    sql(
      `CREATE VIRTUAL TABLE posts_search_fts USING fts5(post_id UNINDEXED, title, body, tokenize = 'unicode61 remove_diacritics 2')`,
    );
    sql('INSERT INTO posts_search_fts (post_id, title, body) SELECT id, title, body FROM posts');
    sql(`CREATE TRIGGER posts_search_insert AFTER INSERT ON posts BEGIN
      INSERT INTO posts_search_fts (post_id, title, body) VALUES (new.id, new.title, new.body);
    END`);
    sql(`CREATE TRIGGER posts_search_update AFTER UPDATE ON posts
      WHEN old.title IS NOT new.title OR old.body IS NOT new.body OR old.id IS NOT new.id BEGIN
      DELETE FROM posts_search_fts WHERE post_id = old.id;
      INSERT INTO posts_search_fts (post_id, title, body) VALUES (new.id, new.title, new.body);
    END`);
    sql(`CREATE TRIGGER posts_search_delete AFTER DELETE ON posts BEGIN
      DELETE FROM posts_search_fts WHERE post_id = old.id;
    END`);
  },
  (app) => {
    for (const name of ['posts_search_insert', 'posts_search_update', 'posts_search_delete']) {
      app.db().newQuery(`DROP TRIGGER IF EXISTS ${name}`).execute();
    }
    app.db().newQuery('DROP TABLE IF EXISTS posts_search_fts').execute();
  },
);
