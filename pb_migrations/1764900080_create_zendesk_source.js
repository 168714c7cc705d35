/// <reference path="../pb_data/types.d.ts" />
// Zendesk as a source of the feedback inbox (issue 58): one record with the Zendesk account's settings, and 'zendesk'
// among the sources an item comes from and the channels an answer goes back through. The API token and the webhook's
// signing secret are hidden fields: only PocketBase (and superusers) read them; admins set them through
// POST /api/chorus/zendesk/settings and see only that they are set (pb_hooks/feedback/feedback-zendesk.pb.js).
// `capture_tag`: the ticket tag whose trigger sends a ticket; `public_replies`: an answer is a public reply to the
// customer (true) or an internal note for the agents (false, the default); `answer_customers`: answers at all.
// The access rules this migration applies, as a literal snapshot (see tests/unit/migrations-are-snapshots.test.ts).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
};
const SOURCES_BEFORE = ['mail', 'slack'];
const SOURCES = ['mail', 'slack', 'zendesk'];

/** Sets the values of feedback_items.source and feedback_answers.channel. */
function allow(app, values) {
  for (const [collection, field] of [
    ['feedback_items', 'source'],
    ['feedback_answers', 'channel'],
  ]) {
    const found = app.findCollectionByNameOrId(collection);
    found.fields.getByName(field).values = values;
    app.save(found);
  }
}

migrate(
  (app) => {
    allow(app, SOURCES);
    const settings = new Collection({
      type: 'base',
      name: 'zendesk_settings',
      listRule: RULES.ACTIVE_ADMIN,
      viewRule: RULES.ACTIVE_ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'active', type: 'bool' },
        { name: 'subdomain', type: 'text', max: 63, pattern: '^$|^[a-z0-9][a-z0-9-]{0,62}$' },
        { name: 'agent_email', type: 'text', max: 254 },
        { name: 'api_token', type: 'text', max: 200, hidden: true },
        { name: 'signing_secret', type: 'text', max: 200, hidden: true },
        { name: 'capture_tag', type: 'text', max: 80, pattern: '^[a-z0-9_/-]{1,80}$' },
        { name: 'public_replies', type: 'bool' },
        { name: 'answer_customers', type: 'bool' },
        { name: 'last_event_at', type: 'date' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
    });
    app.save(settings);
    const record = new Record(settings);
    record.set('capture_tag', 'feedback');
    record.set('answer_customers', true);
    app.save(record);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('zendesk_settings'));
    app.db().newQuery("DELETE FROM feedback_answers WHERE channel = 'zendesk'").execute();
    app.db().newQuery("DELETE FROM feedback_items WHERE source = 'zendesk'").execute();
    allow(app, SOURCES_BEFORE);
  },
);
