/// <reference path="../pb_data/types.d.ts" />
// The write path as cheap on a popular idea as on a new one (issue 35):
// - votes (post, counted, created, id) and comments (post, internal, hidden): an idea's recount reads one index
//   instead of every vote's or comment's row, and its voters list (oldest first) walks it in order;
// - post_insights (score|revenue, created) and (board, score|revenue, created): the staff lists' orders
//   ('-score,-created', '-revenue,-created') walk an index even when most ideas tie (no revenue yet): at
//   100,000 ideas the revenue list took 783 ms sorting every tie;
// - post_insights.stale: an idea with many votes has its worth recomputed after the vote, by the
//   `chorus_insights` job, instead of inside it (pb_hooks/priority/insights-queue.js). Server-owned: staff
//   who may set an idea's impact or effort may not set it.
const INDEXES = {
  votes: 'CREATE INDEX idx_votes_post_counted ON votes (post, counted, created, id)',
  comments: 'CREATE INDEX idx_comments_post_shown ON comments (post, internal, hidden)',
};
const SERVER_OWNED = '@request.body.stale:isset = false';
/** The worth orders' indexes, replacing the single-column ones of 1764400000_create_customer_data.js. */
const WORTH_INDEXES = {
  idx_post_insights_board_revenue:
    'CREATE INDEX idx_post_insights_board_revenue ON post_insights (board, revenue, created)',
  idx_post_insights_board_score: 'CREATE INDEX idx_post_insights_board_score ON post_insights (board, score, created)',
  idx_post_insights_revenue: 'CREATE INDEX idx_post_insights_revenue ON post_insights (revenue, created)',
  idx_post_insights_score: 'CREATE INDEX idx_post_insights_score ON post_insights (score, created)',
};
const withIndexes = (indexes, replacements) =>
  indexes.map((each) => {
    const name = Object.keys(replacements).find((key) => each.includes(`${key} `));
    return name ? replacements[name] : each;
  });

migrate(
  (app) => {
    for (const [name, index] of Object.entries(INDEXES)) {
      const collection = app.findCollectionByNameOrId(name);
      collection.indexes.push(index);
      app.save(collection);
    }
    const insights = app.findCollectionByNameOrId('post_insights');
    insights.fields.add(new BoolField({ name: 'stale' }));
    insights.indexes.push('CREATE INDEX idx_post_insights_stale ON post_insights (stale)');
    insights.updateRule = `${insights.updateRule} && ${SERVER_OWNED}`;
    insights.indexes = withIndexes(insights.indexes, WORTH_INDEXES);
    app.save(insights);
  },
  (app) => {
    for (const [name, index] of Object.entries(INDEXES)) {
      const collection = app.findCollectionByNameOrId(name);
      collection.indexes = collection.indexes.filter((each) => each !== index);
      app.save(collection);
    }
    const insights = app.findCollectionByNameOrId('post_insights');
    insights.fields.removeByName('stale');
    insights.indexes = insights.indexes.filter((each) => !each.includes('idx_post_insights_stale'));
    insights.updateRule = insights.updateRule.replace(` && ${SERVER_OWNED}`, '');
    const single = Object.fromEntries(
      Object.entries(WORTH_INDEXES).map(([name, sql]) => [name, sql.replace(', created)', ')')]),
    );
    insights.indexes = withIndexes(insights.indexes, single);
    app.save(insights);
  },
);
