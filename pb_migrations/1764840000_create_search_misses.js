/// <reference path="../pb_data/types.d.ts" />
// Staff insight (/admin/insights): searches that found nothing, one row per normalized term and week with a count
// (no person, no address), written by pb_hooks/ideas/search.pb.js (insights-report/search-misses.js) and kept 27
// weeks; plus the created-date indexes the weekly charts group by (votes, comments).
migrate(
  (app) => {
    const misses = new Collection({
      type: 'base',
      name: 'search_misses',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        // The Monday (UTC) the week starts, YYYY-MM-DD.
        { name: 'week', type: 'text', required: true, max: 10 },
        { name: 'term', type: 'text', required: true, max: 80 },
        { name: 'count', type: 'number', onlyInt: true, min: 0 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE UNIQUE INDEX idx_search_misses_week_term ON search_misses (week, term)'],
    });
    app.save(misses);
    const add = (name, index) => {
      const collection = app.findCollectionByNameOrId(name);
      collection.indexes = [...collection.indexes, index];
      app.save(collection);
    };
    add('votes', 'CREATE INDEX idx_votes_created ON votes (created, counted, user)');
    add('comments', 'CREATE INDEX idx_comments_created ON comments (created, internal)');
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('search_misses'));
    const drop = (name, index) => {
      const collection = app.findCollectionByNameOrId(name);
      collection.indexes = collection.indexes.filter((line) => !line.includes(index));
      app.save(collection);
    };
    drop('votes', 'idx_votes_created');
    drop('comments', 'idx_comments_created');
  },
);
