/// <reference path="../pb_data/types.d.ts" />
// Discussion on an idea, with one level of replies. Internal comments are staff notes nobody else sees.
// edited_at is set by pb_hooks/comments.pb.js when the body changes.
const STAFF = '(@request.auth.role = "moderator" || @request.auth.role = "admin")';
const ACTIVE = '(@request.auth.id != "" && @request.auth.blocked = false)';
const POST_VISIBLE = `(post.board.visibility = "public" || (post.board.visibility = "members" && @request.auth.id != "") || (post.board.visibility = "staff" && ${STAFF})) && (post.approved = true || post.author = @request.auth.id || ${STAFF})`;
const unset = (fields) => fields.map((f) => `@request.body.${f}:isset = false`).join(' && ');

migrate(
  (app) => {
    const comments = new Collection({
      type: 'base',
      name: 'comments',
      fields: [
        {
          name: 'post',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('posts').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        {
          name: 'author',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('users').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'body', type: 'text', required: true, max: 5000 },
        {
          name: 'images',
          type: 'file',
          maxSelect: 3,
          maxSize: 5 * 1024 * 1024,
          mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
          thumbs: ['320x0', '100x100'],
        },
        { name: 'internal', type: 'bool' },
        { name: 'edited_at', type: 'date' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX idx_comments_post_created ON comments (post, created)'],
    });
    app.save(comments);

    // Replies point at a top-level comment of the same post.
    comments.fields.add(
      new RelationField({ name: 'parent', collectionId: comments.id, maxSelect: 1, cascadeDelete: true }),
    );
    comments.indexes.push('CREATE INDEX idx_comments_parent ON comments (parent)');
    comments.listRule = `${POST_VISIBLE} && (internal = false || ${STAFF})`;
    comments.viewRule = comments.listRule;
    comments.createRule = `${ACTIVE} && author = @request.auth.id && ${POST_VISIBLE} && post.locked = false && (internal = false || ${STAFF}) && ${unset(['edited_at'])} && (parent = "" || (parent.post = post && parent.parent = ""))`;
    comments.updateRule = `${ACTIVE} && author = @request.auth.id && post.locked = false && ${unset(['post', 'author', 'parent', 'internal', 'edited_at'])}`;
    comments.deleteRule = `${ACTIVE} && (author = @request.auth.id || (${STAFF} && ${POST_VISIBLE}))`;
    app.save(comments);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('comments'));
  },
);
