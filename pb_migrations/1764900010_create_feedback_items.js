/// <reference path="../pb_data/types.d.ts" />
// The staff feedback inbox (issue 58): one row per piece of feedback captured where a customer said it (a forwarded
// email today; Slack and the rest later, each a folder of pb_hooks/feedback/sources/), waiting for staff to link
// it to an idea (a vote on the customer's behalf, the quote kept as an internal comment), make a new idea of it,
// or dismiss it. `dedupe_key` is unique: the same message captured twice is one item (pb_hooks/feedback/capture.js).
// `member`: the account whose email is the author's, when there is one; `suggestions`: the ideas offered at capture,
// [{ id, score, via }]. Active staff read it (and get it live); only the server writes (pb_hooks/feedback/feedback.pb.js).
// The access rules this migration applies, as a literal snapshot (see tests/unit/migrations-are-snapshots.test.ts).
const RULES = {
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
};

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const posts = app.findCollectionByNameOrId('posts');
    const person = (name) => ({ name, type: 'relation', collectionId: users.id, maxSelect: 1 });
    const collection = new Collection({
      type: 'base',
      name: 'feedback_items',
      listRule: RULES.ACTIVE_STAFF,
      viewRule: RULES.ACTIVE_STAFF,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'source', type: 'select', required: true, maxSelect: 1, values: ['mail', 'slack'] },
        { name: 'external_id', type: 'text', max: 1000 },
        { name: 'dedupe_key', type: 'text', required: true, max: 64 },
        { name: 'source_url', type: 'text', max: 2000 },
        { name: 'author_email', type: 'email' },
        { name: 'author_name', type: 'text', max: 200 },
        person('member'),
        { name: 'title', type: 'text', max: 200 },
        { name: 'quote', type: 'text', required: true, max: 10000 },
        { name: 'note', type: 'text', max: 2000 },
        { name: 'suggestions', type: 'json', maxSize: 4000 },
        person('captured_by'),
        { name: 'status', type: 'select', required: true, maxSelect: 1, values: ['new', 'linked', 'dismissed'] },
        { name: 'idea', type: 'relation', collectionId: posts.id, maxSelect: 1, cascadeDelete: false },
        { name: 'evidence', type: 'text', max: 15 },
        person('acted_by'),
        { name: 'acted_at', type: 'date' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_feedback_items_dedupe ON feedback_items (dedupe_key)',
        'CREATE INDEX idx_feedback_items_status ON feedback_items (status, source, created)',
        'CREATE INDEX idx_feedback_items_member ON feedback_items (member)',
        'CREATE INDEX idx_feedback_items_idea ON feedback_items (idea)',
      ],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('feedback_items'));
  },
);
