/// <reference path="../pb_data/types.d.ts" />
// Ask the voters (issue #24, item 8): a staff question to an idea's voters and followers, and who it was
// sent to. Only the route POST /api/chorus/posts/{id}/ask writes them (pb_hooks/asks/ask.pb.js).
// - idea_questions: staff read all; a member reads only a question they were sent (never public, and
//   realtime follows the same rule); staff may delete one.
// - question_recipients: who was sent which question; staff read; only the server writes.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
  SIGNED_IN: '@request.auth.id != ""',
};
const { ACTIVE_STAFF, SIGNED_IN } = RULES;
const dates = () => [
  { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
  { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
];

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users').id;
    const questions = new Collection({
      type: 'base',
      name: 'idea_questions',
      listRule: ACTIVE_STAFF,
      viewRule: ACTIVE_STAFF,
      createRule: null,
      updateRule: null,
      deleteRule: ACTIVE_STAFF,
      fields: [
        {
          name: 'post',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('posts').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'author', type: 'relation', collectionId: users, maxSelect: 1, cascadeDelete: false },
        { name: 'body', type: 'text', required: true, max: 500 },
        { name: 'sent_count', type: 'number', onlyInt: true, min: 0 },
        ...dates(),
      ],
      indexes: ['CREATE INDEX idx_idea_questions_post ON idea_questions (post, created)'],
    });
    app.save(questions);

    const recipients = new Collection({
      type: 'base',
      name: 'question_recipients',
      listRule: ACTIVE_STAFF,
      viewRule: ACTIVE_STAFF,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        {
          name: 'question',
          type: 'relation',
          required: true,
          collectionId: questions.id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'user', type: 'relation', required: true, collectionId: users, maxSelect: 1, cascadeDelete: true },
        ...dates(),
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_question_recipients_pair ON question_recipients (question, user)',
        'CREATE INDEX idx_question_recipients_user ON question_recipients (user)',
      ],
    });
    app.save(recipients);

    const sentToMe = `(${SIGNED_IN} && question_recipients_via_question.user ?= @request.auth.id)`;
    questions.listRule = `${ACTIVE_STAFF} || ${sentToMe}`;
    questions.viewRule = `${ACTIVE_STAFF} || ${sentToMe}`;
    app.save(questions);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('question_recipients'));
    app.delete(app.findCollectionByNameOrId('idea_questions'));
  },
);
