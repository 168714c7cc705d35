/// <reference path="../pb_data/types.d.ts" />
// Intercom as a source of the feedback inbox (issue 58): one record with the Intercom workspace's settings, and
// 'intercom' among the sources an item comes from and the channels an answer goes back through. The access token and
// the app's client secret (which signs the webhooks) are hidden fields: only PocketBase (and superusers) read them;
// admins set them through POST /api/chorus/intercom/settings and see only that they are set
// (pb_hooks/feedback/feedback-intercom.pb.js). `region`: '' (US), 'eu' or 'au', the workspace's hosting;
// `workspace_id`: the id in the inbox's links; `admin_id`: the teammate the answers are written as; `capture_tag`: the
// tag that sends a conversation; `public_replies`: an answer is a reply the customer sees (true) or an internal note
// (false, the default); `answer_customers`: answers at all.
// The access rules this migration applies, as a literal snapshot (see tests/unit/migrations-are-snapshots.test.ts).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
};
const SOURCES_BEFORE = ['mail', 'slack', 'zendesk'];
const SOURCES = ['mail', 'slack', 'zendesk', 'intercom'];

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
      name: 'intercom_settings',
      listRule: RULES.ACTIVE_ADMIN,
      viewRule: RULES.ACTIVE_ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'active', type: 'bool' },
        { name: 'region', type: 'text', max: 2, pattern: '^(|eu|au)$' },
        { name: 'workspace_id', type: 'text', max: 20, pattern: '^$|^[a-z0-9]{4,20}$' },
        { name: 'admin_id', type: 'text', max: 20, pattern: '^$|^[0-9]{1,20}$' },
        { name: 'access_token', type: 'text', max: 300, hidden: true },
        { name: 'client_secret', type: 'text', max: 200, hidden: true },
        { name: 'capture_tag', type: 'text', max: 80, pattern: '^[A-Za-z0-9_/.:-][A-Za-z0-9 _/.:-]{0,79}$' },
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
    app.delete(app.findCollectionByNameOrId('intercom_settings'));
    app.db().newQuery("DELETE FROM feedback_answers WHERE channel = 'intercom'").execute();
    app.db().newQuery("DELETE FROM feedback_items WHERE source = 'intercom'").execute();
    allow(app, SOURCES_BEFORE);
  },
);
