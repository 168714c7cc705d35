/// <reference path="../pb_data/types.d.ts" />
// The search index's update trigger names the columns it reads (id, title, body), so an update that writes none of them (a vote's counts: server/cmd/pocketbase/votes.go) never compiles it. Its WHEN clause already ignored every other change; SQLite compiled its long body into every UPDATE of posts all the same (issue 35: a tenth of a vote's CPU).
const ANY = 'AFTER UPDATE ON posts';
const TEXT = 'AFTER UPDATE OF id, title, body ON posts';

const rewrite = (app, from, to) => {
  const row = new DynamicModel({ sql: '' });
  app.db().newQuery("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'posts_search_update'").one(row);
  if (!row.sql.includes(from)) throw new Error(`posts_search_update does not start with "${from}"`);
  app.db().newQuery('DROP TRIGGER posts_search_update').execute();
  app.db().newQuery(row.sql.replace(from, to)).execute();
};

migrate(
  (app) => rewrite(app, ANY, TEXT),
  (app) => rewrite(app, TEXT, ANY),
);
