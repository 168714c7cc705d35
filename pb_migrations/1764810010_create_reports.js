/// <reference path="../pb_data/types.d.ts" />
// Members' reports of an idea or a comment (issue 38): a reason and an optional note, one per member per item
// (the unique index), counted per member (pb_hooks/platform/limits.js). Staff close them: dismissed, or acted on
// (the item hidden or deleted through the usual actions; pb_hooks/moderation/reports.pb.js closes its reports).
// Access:
// - list/view: the reporter sees their own reports, active staff all of them; no one sees another's report.
// - create: active members, as themselves, on an idea or comment they can see and did not write; nothing of
//   the outcome.
// - update: active staff set the outcome only (resolved_by is the server's).
// - delete: nobody (a report leaves with its item).
// The fragments as literal snapshots (a later change to pb_hooks/platform/access.js never changes this migration).
const RULES = {
  ACTIVE: '(@request.auth.id != "" && @request.auth.blocked = false)',
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
  postVisible:
    '((post.board.visibility = "public" || (post.board.visibility = "members" && @request.auth.id != "") || (post.board.visibility = "staff" && (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))) || (post.board.visibility = "segment" && (post.board.segment.segment_members_via_segment.user ?= @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))) && (post.approved = true || post.author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))',
  commentVisible:
    '(((comment.post.board.visibility = "public" || (comment.post.board.visibility = "members" && @request.auth.id != "") || (comment.post.board.visibility = "staff" && (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))) || (comment.post.board.visibility = "segment" && (comment.post.board.segment.segment_members_via_segment.user ?= @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))) && (comment.post.approved = true || comment.post.author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin")))) && (comment.internal = false || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))) && (comment.hidden = false || comment.author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))',
};
const { ACTIVE, ACTIVE_STAFF, postVisible, commentVisible } = RULES;
const unset = (fields) => `(${fields.map((f) => `@request.body.${f}:isset = false`).join(' && ')})`;
const ON_POST = `(comment = "" && ${postVisible} && post.author != @request.auth.id)`;
const ON_COMMENT = `(comment != "" && comment.post = post && ${commentVisible} && comment.author != @request.auth.id)`;

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const reports = new Collection({
      type: 'base',
      name: 'reports',
      listRule: `${ACTIVE} && (reporter = @request.auth.id || ${ACTIVE_STAFF})`,
      viewRule: `${ACTIVE} && (reporter = @request.auth.id || ${ACTIVE_STAFF})`,
      createRule: `${ACTIVE} && reporter = @request.auth.id && (${ON_POST} || ${ON_COMMENT}) && ${unset(['outcome', 'resolved_by'])}`,
      updateRule: `${ACTIVE_STAFF} && ${unset(['post', 'comment', 'reporter', 'reason', 'note', 'resolved_by'])}`,
      deleteRule: null,
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
          name: 'comment',
          type: 'relation',
          collectionId: app.findCollectionByNameOrId('comments').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        {
          name: 'reporter',
          type: 'relation',
          required: true,
          collectionId: users.id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        {
          name: 'reason',
          type: 'select',
          required: true,
          maxSelect: 1,
          values: ['spam', 'abuse', 'off_topic', 'other'],
        },
        { name: 'note', type: 'text', max: 500 },
        { name: 'outcome', type: 'select', maxSelect: 1, values: ['dismissed', 'acted'] },
        { name: 'resolved_by', type: 'relation', collectionId: users.id, maxSelect: 1 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_reports_once ON reports (reporter, post, comment)',
        'CREATE INDEX idx_reports_open ON reports (outcome, created)',
        'CREATE INDEX idx_reports_comment ON reports (comment)',
      ],
    });
    app.save(reports);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('reports'));
  },
);
