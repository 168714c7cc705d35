/// <reference path="../pb_data/types.d.ts" />
// One vote per member per idea. Who voted is private; the public voter list is a read-only route
// (pb_hooks/votes/voters.pb.js) and the live count arrives as a posts update.
// Access:
// - list/view: one's own votes; active staff all (realtime follows the same rule).
// - create: active members vote as themselves on an open idea they can see; active staff may also vote
//   on behalf of a customer, signing the vote (on_behalf_by).
// - update: nobody. delete: one's own vote, or active staff a vote cast on behalf, while the idea is open.
// The fragments as this migration first stored them (segment boards came later: 1764420010).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE: '(@request.auth.id != "" && @request.auth.blocked = false)',
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
  postVisible: (...args) =>
    ({
      '["post."]':
        '((post.board.visibility = "public" || (post.board.visibility = "members" && @request.auth.id != "") || (post.board.visibility = "staff" && (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin")))) && (post.approved = true || post.author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))',
    })[JSON.stringify(args)],
};
const { ACTIVE, ACTIVE_STAFF, postVisible } = RULES;
const OPEN_POST = '(post.locked = false && post.merged_into = "")';

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const votes = new Collection({
      type: 'base',
      name: 'votes',
      listRule: `user = @request.auth.id || ${ACTIVE_STAFF}`,
      viewRule: `user = @request.auth.id || ${ACTIVE_STAFF}`,
      createRule: `${ACTIVE} && ${postVisible('post.')} && ${OPEN_POST} && ((user = @request.auth.id && @request.body.on_behalf_by:isset = false) || (${ACTIVE_STAFF} && on_behalf_by = @request.auth.id))`,
      updateRule: null,
      deleteRule: `${ACTIVE} && ${OPEN_POST} && (user = @request.auth.id || (${ACTIVE_STAFF} && on_behalf_by != ""))`,
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
