/// <reference path="../pb_data/types.d.ts" />
// The answer that goes back where a customer asked (issue 58): when an idea that feedback items were linked to moves to
// a status on the roadmap (planned, in progress, done), each linked item's customer is told in its own channel (a reply
// in the Slack thread, or an email). `feedback_answers`: one row per item and status (unique: a status set twice
// answers once), queued in the status change's transaction and sent after the commit by pb_hooks/feedback/answers/;
// `feedback_answer_attempts`: one row per attempt (time, response code, duration, a fixed reason), as webhooks keep
// theirs. The switches: `answer_customers` on slack_settings, and on the new one-record `feedback_mail_settings`.
// The access rules this migration applies, as a literal snapshot (see tests/unit/migrations-are-snapshots.test.ts).
const RULES = {
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
};

migrate(
  (app) => {
    const items = app.findCollectionByNameOrId('feedback_items');
    const posts = app.findCollectionByNameOrId('posts');
    const statuses = app.findCollectionByNameOrId('statuses');
    const answers = new Collection({
      type: 'base',
      name: 'feedback_answers',
      listRule: RULES.ACTIVE_STAFF,
      viewRule: RULES.ACTIVE_STAFF,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'item', type: 'relation', collectionId: items.id, maxSelect: 1, required: true, cascadeDelete: true },
        { name: 'post', type: 'relation', collectionId: posts.id, maxSelect: 1, required: true, cascadeDelete: true },
        {
          name: 'status',
          type: 'relation',
          collectionId: statuses.id,
          maxSelect: 1,
          required: true,
          cascadeDelete: true,
        },
        { name: 'channel', type: 'select', required: true, maxSelect: 1, values: ['slack', 'mail'] },
        {
          name: 'state',
          type: 'select',
          required: true,
          maxSelect: 1,
          values: ['pending', 'sent', 'failed', 'skipped'],
        },
        { name: 'attempts', type: 'number', onlyInt: true, min: 0 },
        { name: 'next_attempt_at', type: 'date' },
        { name: 'last_attempt_at', type: 'date' },
        { name: 'sent_at', type: 'date' },
        { name: 'response_code', type: 'number', onlyInt: true },
        { name: 'error', type: 'text', max: 200 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_feedback_answers_once ON feedback_answers (item, status)',
        'CREATE INDEX idx_feedback_answers_due ON feedback_answers (state, next_attempt_at)',
        // Each status email of an idea's fan-out asks whether its recipient was told by mail (answers/told-by-mail.js).
        'CREATE INDEX idx_feedback_answers_post ON feedback_answers (post, status)',
      ],
    });
    app.save(answers);
    app.save(
      new Collection({
        type: 'base',
        name: 'feedback_answer_attempts',
        listRule: RULES.ACTIVE_STAFF,
        viewRule: RULES.ACTIVE_STAFF,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          {
            name: 'answer',
            type: 'relation',
            collectionId: answers.id,
            maxSelect: 1,
            required: true,
            cascadeDelete: true,
          },
          { name: 'attempted_at', type: 'date' },
          { name: 'response_code', type: 'number', onlyInt: true },
          { name: 'duration_ms', type: 'number', onlyInt: true, min: 0 },
          { name: 'error', type: 'text', max: 200 },
        ],
        indexes: [
          'CREATE INDEX idx_feedback_answer_attempts_answer ON feedback_answer_attempts (answer, attempted_at)',
        ],
      }),
    );

    const slack = app.findCollectionByNameOrId('slack_settings');
    slack.fields.add(new BoolField({ name: 'answer_customers' }));
    app.save(slack);
    for (const record of app.findAllRecords('slack_settings')) {
      record.set('answer_customers', true);
      app.save(record);
    }

    const mail = new Collection({
      type: 'base',
      name: 'feedback_mail_settings',
      listRule: RULES.ACTIVE_ADMIN,
      viewRule: RULES.ACTIVE_ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'answer_customers', type: 'bool' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
    });
    app.save(mail);
    const settings = new Record(mail);
    settings.set('answer_customers', true);
    app.save(settings);
  },
  (app) => {
    for (const name of ['feedback_mail_settings', 'feedback_answer_attempts', 'feedback_answers']) {
      app.delete(app.findCollectionByNameOrId(name));
    }
    const slack = app.findCollectionByNameOrId('slack_settings');
    slack.fields.removeByName('answer_customers');
    app.save(slack);
  },
);
