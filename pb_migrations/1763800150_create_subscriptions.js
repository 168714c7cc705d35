/// <reference path="../pb_data/types.d.ts" />
// Who follows an idea (for notifications). Private to each member; authors, voters and commenters
// are subscribed by pb_hooks, and anyone can follow or unfollow an idea they can see.
const STAFF = '(@request.auth.role = "moderator" || @request.auth.role = "admin")';
const ACTIVE = '(@request.auth.id != "" && @request.auth.blocked = false)';
const POST_VISIBLE = `(post.board.visibility = "public" || (post.board.visibility = "members" && @request.auth.id != "") || (post.board.visibility = "staff" && ${STAFF})) && (post.approved = true || post.author = @request.auth.id || ${STAFF})`;

migrate(
  (app) => {
    const subscriptions = new Collection({
      type: 'base',
      name: 'subscriptions',
      listRule: 'user = @request.auth.id',
      viewRule: 'user = @request.auth.id',
      createRule: `${ACTIVE} && user = @request.auth.id && ${POST_VISIBLE}`,
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
