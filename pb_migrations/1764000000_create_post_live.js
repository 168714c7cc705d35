/// <reference path="../pb_data/types.d.ts" />
// The live copy of every public idea (same id as the post): its counts, status, lock, board, title and
// what it was merged into, for the crowd's live updates. Access: anyone lists and views it (an empty rule
// costs PocketBase no query per realtime subscriber); nobody but a superuser writes it through the API.
// pb_hooks/platform/edge/post-live.pb.js keeps it in step with `posts` and `boards`; this migration fills it once.
// The ideas visitors may see, copied as this migration first copied them (a snapshot of platform/edge/post-live.js's query).
const BACKFILL_SQL =
  'INSERT INTO post_live (id, board, title, status, merged_into, vote_count, comment_count, locked, created, updated) ' +
  'SELECT p.id, p.board, p.title, p.status, p.merged_into, p.vote_count, p.comment_count, p.locked, p.created, p.updated ' +
  "FROM posts p JOIN boards b ON b.id = p.board WHERE (b.visibility = 'public' AND p.approved = TRUE)";

migrate(
  (app) => {
    const live = new Collection({
      type: 'base',
      name: 'post_live',
      listRule: '',
      viewRule: '',
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        {
          name: 'board',
          type: 'relation',
          collectionId: app.findCollectionByNameOrId('boards').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'title', type: 'text', max: 120 },
        { name: 'status', type: 'relation', collectionId: app.findCollectionByNameOrId('statuses').id, maxSelect: 1 },
        { name: 'merged_into', type: 'relation', collectionId: app.findCollectionByNameOrId('posts').id, maxSelect: 1 },
        { name: 'vote_count', type: 'number', onlyInt: true, min: 0 },
        { name: 'comment_count', type: 'number', onlyInt: true, min: 0 },
        { name: 'locked', type: 'bool' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
    });
    app.save(live);
    app.db().newQuery(BACKFILL_SQL).execute();
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('post_live'));
  },
);
