/// <reference path="../pb_data/types.d.ts" />
// Ideas. Counters, score, status, approval and official response are server- or staff-owned.
// Access:
// - list/view: whoever may see the idea (RULES.postVisible: board visible; approved, own, or active staff).
// - create: active members, as themselves, on a visible board that is not archived; staff-owned fields
//   only from active staff. Posting also needs a verified email (pb_hooks/auth/verified-posting.pb.js, which
//   answers with a human message a rule cannot give).
// - update: active staff on ideas they can see; the author edits the text and images of their own open,
//   unlocked idea. Authorship never moves; counters never come from the API (pb_hooks/ideas/posts.pb.js);
//   merged_into is set only by the merge route (pb_hooks/duplicates/merge.pb.js).
// - delete: active staff on ideas they can see; the author, while the idea is not locked.
// - posts.tags holds public tags only; staff-only tags live in post_staff_tags.
// The fragments as this migration first stored them (segment boards came later: 1764420010).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE: '(@request.auth.id != "" && @request.auth.blocked = false)',
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
  boardVisible: (...args) =>
    ({
      '["board."]':
        '(board.visibility = "public" || (board.visibility = "members" && @request.auth.id != "") || (board.visibility = "staff" && (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))',
    })[JSON.stringify(args)],
  postVisible: (...args) =>
    ({
      '[]': '((board.visibility = "public" || (board.visibility = "members" && @request.auth.id != "") || (board.visibility = "staff" && (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin")))) && (approved = true || author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))',
    })[JSON.stringify(args)],
  unset: (...args) =>
    ({
      '[["vote_count","comment_count","trending_score","response_by","response_at","merged_into"]]':
        '(@request.body.vote_count:isset = false && @request.body.comment_count:isset = false && @request.body.trending_score:isset = false && @request.body.response_by:isset = false && @request.body.response_at:isset = false && @request.body.merged_into:isset = false)',
      '[["status","tags","pinned","locked","approved","response"]]':
        '(@request.body.status:isset = false && @request.body.tags:isset = false && @request.body.pinned:isset = false && @request.body.locked:isset = false && @request.body.approved:isset = false && @request.body.response:isset = false)',
      '[["vote_count","comment_count","trending_score","response_by","response_at","merged_into","author"]]':
        '(@request.body.vote_count:isset = false && @request.body.comment_count:isset = false && @request.body.trending_score:isset = false && @request.body.response_by:isset = false && @request.body.response_at:isset = false && @request.body.merged_into:isset = false && @request.body.author:isset = false)',
      '[["status","tags","pinned","locked","approved","response","board"]]':
        '(@request.body.status:isset = false && @request.body.tags:isset = false && @request.body.pinned:isset = false && @request.body.locked:isset = false && @request.body.approved:isset = false && @request.body.response:isset = false && @request.body.board:isset = false)',
    })[JSON.stringify(args)],
};
const { ACTIVE, ACTIVE_STAFF, unset, boardVisible, postVisible } = RULES;
const SERVER_OWNED = ['vote_count', 'comment_count', 'trending_score', 'response_by', 'response_at', 'merged_into'];
const STAFF_OWNED = ['status', 'tags', 'pinned', 'locked', 'approved', 'response'];
const PUBLIC_TAGS_ONLY =
  '(@request.body.tags:isset = false || @request.body.tags:length = 0 || @request.body.tags.staff_only != true)';
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
    posts.listRule = postVisible();
    posts.viewRule = postVisible();
    posts.createRule = `${ACTIVE} && author = @request.auth.id && ${boardVisible('board.')} && ${unset(SERVER_OWNED)} && ${PUBLIC_TAGS_ONLY} && (${ACTIVE_STAFF} || (board.archived = false && ${unset(STAFF_OWNED)}))`;
    posts.updateRule = `${ACTIVE} && ${unset([...SERVER_OWNED, 'author'])} && ${PUBLIC_TAGS_ONLY} && ((${ACTIVE_STAFF} && ${boardVisible('board.')}) || (author = @request.auth.id && locked = false && status.closed = false && ${unset([...STAFF_OWNED, 'board'])}))`;
    posts.deleteRule = `${ACTIVE} && ((${ACTIVE_STAFF} && ${boardVisible('board.')}) || (author = @request.auth.id && locked = false))`;
    app.save(posts);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('posts'));
  },
);
