/// <reference path="../pb_data/types.d.ts" />
// The write path as cheap on a popular idea as on a new one (issue 35):
// - votes (post, counted, user) and comments (post, internal, hidden): an idea's recount reads one index
//   instead of every vote's or comment's row;
// - post_insights.stale: an idea with many votes has its worth recomputed after the vote, by the
//   `chorus_insights` job, instead of inside it (pb_hooks/lib/priority/insights-queue.js). Server-owned: staff
//   who may set an idea's impact or effort may not set it.
const INDEXES = {
  votes: 'CREATE INDEX idx_votes_post_counted ON votes (post, counted, user)',
  comments: 'CREATE INDEX idx_comments_post_shown ON comments (post, internal, hidden)',
};
const SERVER_OWNED = '@request.body.stale:isset = false';

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
    app.save(insights);
  },
);
