/// <reference path="../pb_data/types.d.ts" />
// Emoji reactions on comments, from a small fixed set. They follow their comment's visibility.
// Access:
// - list/view: whoever may see the comment (RULES.commentVisible), so reactions on a hidden or internal
//   comment are neither listed, viewed nor streamed to anyone else.
// - create: active members, as themselves, on a comment they see that is neither hidden nor internal
//   (staff: any), while the idea is unlocked. update: nobody. delete: one's own, while active.
// The fragments as this migration first stored them (segment boards came later: 1764420010).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE: '(@request.auth.id != "" && @request.auth.blocked = false)',
  commentOpen: (...args) =>
    ({
      '["comment."]':
        '((comment.hidden = false && comment.internal = false) || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin")))',
    })[JSON.stringify(args)],
  commentVisible: (...args) =>
    ({
      '["comment."]':
        '(((comment.post.board.visibility = "public" || (comment.post.board.visibility = "members" && @request.auth.id != "") || (comment.post.board.visibility = "staff" && (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin")))) && (comment.post.approved = true || comment.post.author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin")))) && (comment.internal = false || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))) && (comment.hidden = false || comment.author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))',
    })[JSON.stringify(args)],
};
const { ACTIVE, commentVisible, commentOpen } = RULES;

migrate(
  (app) => {
    const reactions = new Collection({
      type: 'base',
      name: 'reactions',
      listRule: commentVisible('comment.'),
      viewRule: commentVisible('comment.'),
      createRule: `${ACTIVE} && user = @request.auth.id && ${commentVisible('comment.')} && ${commentOpen('comment.')} && comment.post.locked = false`,
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
