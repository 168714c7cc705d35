/// <reference path="../pb_data/types.d.ts" />
// Emoji reactions on comments, from a small fixed set; visible to whoever sees the comment, written by oneself.
const STAFF = '(@request.auth.role = "moderator" || @request.auth.role = "admin")';
const ACTIVE = '(@request.auth.id != "" && @request.auth.blocked = false)';
const COMMENT_VISIBLE = `(comment.post.board.visibility = "public" || (comment.post.board.visibility = "members" && @request.auth.id != "") || (comment.post.board.visibility = "staff" && ${STAFF})) && (comment.post.approved = true || comment.post.author = @request.auth.id || ${STAFF}) && (comment.internal = false || ${STAFF})`;

migrate(
  (app) => {
    const reactions = new Collection({
      type: 'base',
      name: 'reactions',
      listRule: COMMENT_VISIBLE,
      viewRule: COMMENT_VISIBLE,
      createRule: `${ACTIVE} && user = @request.auth.id && ${COMMENT_VISIBLE} && comment.post.locked = false`,
      updateRule: null,
      deleteRule: `${ACTIVE} && user = @request.auth.id`,
      fields: [
        {
          name: 'comment',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('comments').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        {
          name: 'user',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('users').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'emoji', type: 'select', required: true, maxSelect: 1, values: ['👍', '❤️', '🎉', '😄', '😕', '👀'] },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE UNIQUE INDEX idx_reactions_comment_user_emoji ON reactions (comment, user, emoji)'],
    });
    app.save(reactions);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('reactions'));
  },
);
