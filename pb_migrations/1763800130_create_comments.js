/// <reference path="../pb_data/types.d.ts" />
// Discussion on an idea, with one level of replies. Internal comments are staff notes; staff hide a
// comment (hidden = true) and then only its author and staff still see it. edited_at is set by
// pb_hooks/comments/comments.pb.js when the body changes.
// Access:
// - list/view: RULES.commentVisible (the idea is visible; internal: active staff; hidden: author and staff).
// - create: active members, as themselves, on a visible unlocked idea; internal only from active staff;
//   never hidden; a reply answers a top-level comment of the same idea that is neither hidden nor internal
//   (staff: any). Posting also needs a verified email (pb_hooks/auth/verified-posting.pb.js).
// - update: the author edits the body and images of their comment while the idea is unlocked; active staff
//   set hidden and internal on anyone's comment but never its text.
// - delete: the author, or active staff on ideas they can see.
// The fragments as this migration first stored them (segment boards came later: 1764420010).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE: '(@request.auth.id != "" && @request.auth.blocked = false)',
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
  commentOpen: (...args) =>
    ({
      '["parent."]':
        '((parent.hidden = false && parent.internal = false) || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin")))',
    })[JSON.stringify(args)],
  commentVisible: (...args) =>
    ({
      '[]': '(((post.board.visibility = "public" || (post.board.visibility = "members" && @request.auth.id != "") || (post.board.visibility = "staff" && (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin")))) && (post.approved = true || post.author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin")))) && (internal = false || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))) && (hidden = false || author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))',
    })[JSON.stringify(args)],
  postVisible: (...args) =>
    ({
      '["post."]':
        '((post.board.visibility = "public" || (post.board.visibility = "members" && @request.auth.id != "") || (post.board.visibility = "staff" && (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin")))) && (post.approved = true || post.author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))',
    })[JSON.stringify(args)],
  unset: (...args) =>
    ({
      '[["post","author","parent","internal","hidden","edited_at"]]':
        '(@request.body.post:isset = false && @request.body.author:isset = false && @request.body.parent:isset = false && @request.body.internal:isset = false && @request.body.hidden:isset = false && @request.body.edited_at:isset = false)',
      '[["post","author","parent","edited_at","body","images"]]':
        '(@request.body.post:isset = false && @request.body.author:isset = false && @request.body.parent:isset = false && @request.body.edited_at:isset = false && @request.body.body:isset = false && @request.body.images:isset = false)',
      '[["edited_at","hidden"]]': '(@request.body.edited_at:isset = false && @request.body.hidden:isset = false)',
    })[JSON.stringify(args)],
};
const { ACTIVE, ACTIVE_STAFF, unset, postVisible, commentVisible, commentOpen } = RULES;
const REPLY = `(parent = "" || (parent.post = post && parent.parent = "" && ${commentOpen('parent.')}))`;
const AUTHOR_EDIT = `author = @request.auth.id && post.locked = false && ${unset(['post', 'author', 'parent', 'internal', 'hidden', 'edited_at'])}`;
const STAFF_EDIT = `${ACTIVE_STAFF} && ${postVisible('post.')} && ${unset(['post', 'author', 'parent', 'edited_at', 'body', 'images'])}`;

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
        { name: 'hidden', type: 'bool' },
        { name: 'edited_at', type: 'date' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX idx_comments_post_created ON comments (post, created)'],
    });
    app.save(comments);

    // Replies point at a top-level comment of the same post: the relation needs the collection's own id.
    comments.fields.add(
      new RelationField({ name: 'parent', collectionId: comments.id, maxSelect: 1, cascadeDelete: true }),
    );
    comments.indexes.push('CREATE INDEX idx_comments_parent ON comments (parent)');
    comments.listRule = commentVisible();
    comments.viewRule = commentVisible();
    comments.createRule = `${ACTIVE} && author = @request.auth.id && ${postVisible('post.')} && post.locked = false && (internal = false || ${ACTIVE_STAFF}) && ${unset(['edited_at', 'hidden'])} && ${REPLY}`;
    comments.updateRule = `${ACTIVE} && ((${AUTHOR_EDIT}) || (${STAFF_EDIT}))`;
    comments.deleteRule = `${ACTIVE} && (author = @request.auth.id || (${ACTIVE_STAFF} && ${postVisible('post.')}))`;
    app.save(comments);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('comments'));
  },
);
