/// <reference path="../pb_data/types.d.ts" />
// Who follows an idea (for notifications). Authors, voters and commenters are subscribed by pb_hooks.
// Access: private to each member (list/view their own); active members follow an idea they can see and
// unfollow; nobody updates.
// The fragments as this migration first stored them (segment boards came later: 1764420010).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE: '(@request.auth.id != "" && @request.auth.blocked = false)',
  postVisible: (...args) =>
    ({
      '["post."]':
        '((post.board.visibility = "public" || (post.board.visibility = "members" && @request.auth.id != "") || (post.board.visibility = "staff" && (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin")))) && (post.approved = true || post.author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))',
    })[JSON.stringify(args)],
};
const { ACTIVE, postVisible } = RULES;

migrate(
  (app) => {
    const subscriptions = new Collection({
      type: 'base',
      name: 'subscriptions',
      listRule: 'user = @request.auth.id',
      viewRule: 'user = @request.auth.id',
      createRule: `${ACTIVE} && user = @request.auth.id && ${postVisible('post.')}`,
      updateRule: null,
      deleteRule: `${ACTIVE} && user = @request.auth.id`,
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
          name: 'user',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('users').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_subscriptions_post_user ON subscriptions (post, user)',
        'CREATE INDEX idx_subscriptions_user ON subscriptions (user)',
      ],
    });
    app.save(subscriptions);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('subscriptions'));
  },
);
