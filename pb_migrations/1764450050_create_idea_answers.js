/// <reference path="../pb_data/types.d.ts" />
// A member's answer to a question staff sent them (one per question and member). Staff read every answer;
// a member reads and writes only their own, and may answer only a question they were sent, on an idea
// they can still see, while not blocked. Never public; realtime follows the same rules.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE: '(@request.auth.id != "" && @request.auth.blocked = false)',
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
  postVisible: (...args) =>
    ({
      '["question.post."]':
        '((question.post.board.visibility = "public" || (question.post.board.visibility = "members" && @request.auth.id != "") || (question.post.board.visibility = "staff" && (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))) || (question.post.board.visibility = "segment" && (question.post.board.segment.segment_members_via_segment.user ?= @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))) && (question.post.approved = true || question.post.author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))',
    })[JSON.stringify(args)],
};
const { ACTIVE, ACTIVE_STAFF, postVisible } = RULES;

migrate(
  (app) => {
    const own = '(@request.auth.id != "" && user = @request.auth.id)';
    const answers = new Collection({
      type: 'base',
      name: 'idea_answers',
      listRule: `${ACTIVE_STAFF} || ${own}`,
      viewRule: `${ACTIVE_STAFF} || ${own}`,
      createRule:
        `${ACTIVE} && @request.body.user = @request.auth.id && ` +
        `question.question_recipients_via_question.user ?= @request.auth.id && ${postVisible('question.post.')}`,
      updateRule: null,
      deleteRule: ACTIVE_STAFF,
      fields: [
        {
          name: 'question',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('idea_questions').id,
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
        { name: 'body', type: 'text', required: true, max: 2000 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_idea_answers_pair ON idea_answers (question, user)',
        'CREATE INDEX idx_idea_answers_user ON idea_answers (user)',
      ],
    });
    app.save(answers);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('idea_answers'));
  },
);
