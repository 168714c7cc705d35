/// <reference path="../pb_data/types.d.ts" />
// Every list order of ideas walks an index in that exact order, so a page of 20 costs the same at 30 ideas
// as at 100,000. Before this, the default order (pinned first, then trending, then newest) and "most
// discussed" sorted every idea on every list view: at 10,000 ideas the home page's list took ~50 ms against
// ~3 ms, and a board's ~26 ms. The indexes they replace are prefixes of these, so a vote still updates as many
// indexes; a new comment updates one more (the global "most discussed" order had none).
const ORDERED = {
  idx_posts_trending: 'CREATE INDEX idx_posts_trending ON posts (pinned, trending_score, created)',
  idx_posts_board_trending: 'CREATE INDEX idx_posts_board_trending ON posts (board, pinned, trending_score, created)',
  idx_posts_votes: 'CREATE INDEX idx_posts_votes ON posts (vote_count, created)',
  idx_posts_board_votes: 'CREATE INDEX idx_posts_board_votes ON posts (board, vote_count, created)',
  idx_posts_comments: 'CREATE INDEX idx_posts_comments ON posts (comment_count, created)',
  idx_posts_board_comments: 'CREATE INDEX idx_posts_board_comments ON posts (board, comment_count, created)',
};
const BEFORE = {
  idx_posts_trending: 'CREATE INDEX idx_posts_trending ON posts (trending_score)',
  idx_posts_board_trending: 'CREATE INDEX idx_posts_board_trending ON posts (board, trending_score)',
  idx_posts_votes: 'CREATE INDEX idx_posts_votes ON posts (vote_count)',
  idx_posts_board_votes: 'CREATE INDEX idx_posts_board_votes ON posts (board, vote_count)',
  idx_posts_board_comments: 'CREATE INDEX idx_posts_board_comments ON posts (board, comment_count)',
};

/** The posts collection's indexes with those named in `wanted` replaced (or added), the others kept. */
function withIndexes(app, wanted) {
  const posts = app.findCollectionByNameOrId('posts');
  const nameOf = (sql) => (sql.match(/INDEX\s+`?(\w+)`?/i) || [])[1];
  const kept = posts.indexes.filter((sql) => !(nameOf(sql) in ORDERED));
  posts.indexes = kept.concat(Object.values(wanted));
  app.save(posts);
}

migrate(
  (app) => withIndexes(app, ORDERED),
  (app) => withIndexes(app, BEFORE),
);
