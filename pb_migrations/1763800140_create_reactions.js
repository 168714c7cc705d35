/// <reference path="../pb_data/types.d.ts" />
// Emoji reactions on comments, from a small fixed set. They follow their comment's visibility.
// Access:
// - list/view: whoever may see the comment (RULES.commentVisible), so reactions on a hidden or internal
//   comment are neither listed, viewed nor streamed to anyone else.
// - create: active members, as themselves, on a comment they see that is neither hidden nor internal
//   (staff: any), while the idea is unlocked. update: nobody. delete: one's own, while active.
// The fragments as this migration first stored them (segment boards came later: 1764420010).
const { RULES_BEFORE_SEGMENTS: RULES } = require(`${__hooks}/lib/access.js`);
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
