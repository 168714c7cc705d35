/// <reference path="../pb_data/types.d.ts" />
// The insights job finds stale worths through an index whatever the planner's statistics say. The index on the
// boolean column was skipped for a scan of every idea's worth whenever the last ANALYZE saw one value in it: none
// stale, a healthy board's usual state. A partial index of the stale ideas' ids replaces it
// (pb_hooks/priority/insights-queue.js, `recomputeStale`; tests/integration/ideas/large-board-queries.test.ts).
const BEFORE = 'CREATE INDEX idx_post_insights_stale ON post_insights (stale)';
const AFTER = 'CREATE INDEX idx_post_insights_stale ON post_insights (id) WHERE stale = TRUE';

const replaced = (app, from, to) => {
  const insights = app.findCollectionByNameOrId('post_insights');
  insights.indexes = insights.indexes.map((index) => (index === from ? to : index));
  app.save(insights);
};

migrate(
  (app) => replaced(app, BEFORE, AFTER),
  (app) => replaced(app, AFTER, BEFORE),
);
