/// <reference path="../pb_data/types.d.ts" />
// The optional chat model (issues 61 and 58, pb_hooks/ai/chat.js):
// - ai_chat_calls: one row per call asked of it (purpose, model, when), counted for the hourly cap; superusers only.
// - duplicate_suggestions: `confirmation` of a borderline pair by the chat model (pending: to ask; confirmed: the
//   model said the same need, `confirmation_reason` its one line; declined: it said not, and the pair's state is
//   `declined`, out of the queue and never asked again; unanswered: it failed, the pair stays as without a model),
//   and `confirmation_model`. `reason` grows to 500 characters (the words and the meaning explained).
// - feedback_items: the suggested idea `summary_title` and one-line `summary_need` of a long capture, and
//   `summary_by` (the chat model's name, or `sentences` for the first sentences); `summary_state` pending while the
//   model is still to be asked (feedback/summary.js).
migrate(
  (app) => {
    const calls = new Collection({
      type: 'base',
      name: 'ai_chat_calls',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { type: 'select', name: 'purpose', required: true, maxSelect: 1, values: ['duplicates', 'summary'] },
        { type: 'text', name: 'model', max: 200 },
        { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
      ],
      indexes: ['CREATE INDEX idx_ai_chat_calls_created ON ai_chat_calls (created)'],
    });
    app.save(calls);

    const suggestions = app.findCollectionByNameOrId('duplicate_suggestions');
    suggestions.fields.getByName('state').values = ['open', 'merged', 'dismissed', 'closed', 'declined'];
    suggestions.fields.getByName('reason').max = 500;
    suggestions.fields.add(
      new SelectField({
        name: 'confirmation',
        maxSelect: 1,
        values: ['pending', 'confirmed', 'declined', 'unanswered'],
      }),
    );
    suggestions.fields.add(new TextField({ name: 'confirmation_reason', max: 200 }));
    suggestions.fields.add(new TextField({ name: 'confirmation_model', max: 200 }));
    suggestions.indexes.push(
      'CREATE INDEX idx_duplicate_suggestions_confirmation ON duplicate_suggestions (confirmation, created)',
    );
    app.save(suggestions);

    const items = app.findCollectionByNameOrId('feedback_items');
    items.fields.add(new TextField({ name: 'summary_title', max: 200 }));
    items.fields.add(new TextField({ name: 'summary_need', max: 300 }));
    items.fields.add(new TextField({ name: 'summary_by', max: 200 }));
    items.fields.add(new SelectField({ name: 'summary_state', maxSelect: 1, values: ['pending', 'done'] }));
    items.indexes.push('CREATE INDEX idx_feedback_items_summary ON feedback_items (summary_state, created)');
    app.save(items);
  },
  (app) => {
    const items = app.findCollectionByNameOrId('feedback_items');
    items.indexes = items.indexes.filter((one) => !one.includes('idx_feedback_items_summary'));
    for (const name of ['summary_title', 'summary_need', 'summary_by', 'summary_state'])
      items.fields.removeByName(name);
    app.save(items);
    const suggestions = app.findCollectionByNameOrId('duplicate_suggestions');
    suggestions.indexes = suggestions.indexes.filter((one) => !one.includes('idx_duplicate_suggestions_confirmation'));
    for (const name of ['confirmation', 'confirmation_reason', 'confirmation_model'])
      suggestions.fields.removeByName(name);
    suggestions.fields.getByName('state').values = ['open', 'merged', 'dismissed', 'closed'];
    app.save(suggestions);
    app.delete(app.findCollectionByNameOrId('ai_chat_calls'));
  },
);
