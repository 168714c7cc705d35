/// <reference path="../pb_data/types.d.ts" />
// One vote per member per idea. Who voted is private: a member lists only their own votes (realtime
// follows the same rule); the public voter list is a read-only route (pb_hooks/voters.pb.js) and the
// live count arrives as a posts update.
const STAFF = '(@request.auth.role = "moderator" || @request.auth.role = "admin")';
const ACTIVE = '(@request.auth.id != "" && @request.auth.blocked = false)';
const POST_VISIBLE = `(post.board.visibility = "public" || (post.board.visibility = "members" && @request.auth.id != "") || (post.board.visibility = "staff" && ${STAFF})) && (post.approved = true || post.author = @request.auth.id || ${STAFF})`;
const OPEN_POST = 'post.locked = false && post.merged_into = ""';

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const votes = new Collection({
      type: 'base',
      name: 'votes',
      listRule: `user = @request.auth.id || ${STAFF}`,
      viewRule: `user = @request.auth.id || ${STAFF}`,
      // A member votes as themselves; staff may also vote on behalf of a customer, signing the vote.
      createRule: `${ACTIVE} && ${POST_VISIBLE} && ${OPEN_POST} && ((user = @request.auth.id && @request.body.on_behalf_by:isset = false) || (${STAFF} && on_behalf_by = @request.auth.id))`,
      updateRule: null,
      deleteRule: `${ACTIVE} && ${OPEN_POST} && (user = @request.auth.id || (${STAFF} && on_behalf_by != ""))`,
      fields: [
        {
          name: 'post',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('posts').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'user', type: 'relation', required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
        { name: 'on_behalf_by', type: 'relation', collectionId: users.id, maxSelect: 1 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_votes_post_user ON votes (post, user)',
        'CREATE INDEX idx_votes_user ON votes (user)',
      ],
    });
    app.save(votes);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('votes'));
  },
);
