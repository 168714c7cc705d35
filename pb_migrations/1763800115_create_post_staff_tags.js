/// <reference path="../pb_data/types.d.ts" />
// Staff-only tags of an idea: at most one record per idea, holding only tags with staff_only = true.
// Kept apart from posts.tags so that public reads of ideas (lists, views, realtime) carry no staff data
// and run no per-record code. Access: active staff on ideas they can see, for every operation.
// The fragments as this migration first stored them (segment boards came later: 1764420010).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
  postVisible: (...args) =>
    ({
      '["post."]':
        '((post.board.visibility = "public" || (post.board.visibility = "members" && @request.auth.id != "") || (post.board.visibility = "staff" && (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin")))) && (post.approved = true || post.author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))',
    })[JSON.stringify(args)],
};
const STAFF_ON_POST = `${RULES.ACTIVE_STAFF} && ${RULES.postVisible('post.')}`;
const STAFF_TAGS_ONLY =
  '(@request.body.tags:isset = false || @request.body.tags:length = 0 || @request.body.tags.staff_only = true)';

migrate(
  (app) => {
    const staffTags = new Collection({
      type: 'base',
      name: 'post_staff_tags',
      listRule: STAFF_ON_POST,
      viewRule: STAFF_ON_POST,
      createRule: `${STAFF_ON_POST} && ${STAFF_TAGS_ONLY}`,
      updateRule: `${STAFF_ON_POST} && @request.body.post:isset = false && ${STAFF_TAGS_ONLY}`,
      deleteRule: STAFF_ON_POST,
      fields: [
        {
          name: 'post',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('posts').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'tags', type: 'relation', collectionId: app.findCollectionByNameOrId('tags').id, maxSelect: 10 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE UNIQUE INDEX idx_post_staff_tags_post ON post_staff_tags (post)'],
    });
    app.save(staffTags);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('post_staff_tags'));
  },
);
