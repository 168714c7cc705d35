/// <reference path="../pb_data/types.d.ts" />
// Ideas. Counters, score, status, approval and official response are server- or staff-owned:
// the rules below refuse them from members, and pb_hooks/posts.pb.js keeps the counters honest for everyone.
const STAFF = '(@request.auth.role = "moderator" || @request.auth.role = "admin")';
const ACTIVE = '(@request.auth.id != "" && @request.auth.blocked = false)';
const BOARD_VISIBLE = `(board.visibility = "public" || (board.visibility = "members" && @request.auth.id != "") || (board.visibility = "staff" && ${STAFF}))`;
const VISIBLE = `(${BOARD_VISIBLE} && (approved = true || author = @request.auth.id || ${STAFF}))`;
const unset = (fields) => fields.map((f) => `@request.body.${f}:isset = false`).join(' && ');
const SERVER_OWNED = ['vote_count', 'comment_count', 'trending_score', 'response_by', 'response_at'];
const STAFF_OWNED = ['status', 'tags', 'pinned', 'locked', 'approved', 'merged_into', 'response'];
const IMAGES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const posts = new Collection({
      type: 'base',
      name: 'posts',
      fields: [
        {
          name: 'board',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('boards').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'author', type: 'relation', required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
        { name: 'title', type: 'text', required: true, max: 120 },
        { name: 'body', type: 'text', max: 10000 },
        {
          name: 'images',
          type: 'file',
          maxSelect: 5,
          maxSize: 5 * 1024 * 1024,
          mimeTypes: IMAGES,
          thumbs: ['320x0', '100x100'],
        },
        { name: 'status', type: 'relation', collectionId: app.findCollectionByNameOrId('statuses').id, maxSelect: 1 },
        { name: 'tags', type: 'relation', collectionId: app.findCollectionByNameOrId('tags').id, maxSelect: 10 },
        { name: 'vote_count', type: 'number', onlyInt: true, min: 0 },
        { name: 'comment_count', type: 'number', onlyInt: true, min: 0 },
        { name: 'trending_score', type: 'number' },
        { name: 'pinned', type: 'bool' },
        { name: 'locked', type: 'bool' },
        { name: 'approved', type: 'bool' },
        { name: 'response', type: 'text', max: 5000 },
        { name: 'response_by', type: 'relation', collectionId: users.id, maxSelect: 1 },
        { name: 'response_at', type: 'date' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE INDEX idx_posts_board_trending ON posts (board, trending_score)',
        'CREATE INDEX idx_posts_board_votes ON posts (board, vote_count)',
        'CREATE INDEX idx_posts_board_created ON posts (board, created)',
        'CREATE INDEX idx_posts_board_comments ON posts (board, comment_count)',
        'CREATE INDEX idx_posts_trending ON posts (trending_score)',
        'CREATE INDEX idx_posts_votes ON posts (vote_count)',
        'CREATE INDEX idx_posts_created ON posts (created)',
        'CREATE INDEX idx_posts_author ON posts (author)',
      ],
    });
    app.save(posts);

    // A duplicate points at the post it was merged into: the relation needs the collection's own id.
    posts.fields.add(new RelationField({ name: 'merged_into', collectionId: posts.id, maxSelect: 1 }));
    posts.listRule = VISIBLE;
    posts.viewRule = VISIBLE;
    // Members post as themselves on boards they can see (not archived ones); staff may triage at once.
    posts.createRule = `${ACTIVE} && author = @request.auth.id && ${BOARD_VISIBLE} && ${unset(SERVER_OWNED)} && (${STAFF} || (board.archived = false && ${unset(STAFF_OWNED)}))`;
    // Authors edit the text and images of their own open, unlocked idea; staff do the rest. Authorship never moves.
    posts.updateRule = `${ACTIVE} && ${unset([...SERVER_OWNED, 'author'])} && ((${STAFF} && ${BOARD_VISIBLE}) || (author = @request.auth.id && locked = false && status.closed = false && ${unset([...STAFF_OWNED, 'board'])}))`;
    posts.deleteRule = `${ACTIVE} && ((${STAFF} && ${BOARD_VISIBLE}) || (author = @request.auth.id && locked = false))`;
    app.save(posts);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('posts'));
  },
);
