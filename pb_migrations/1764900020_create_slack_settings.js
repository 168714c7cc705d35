/// <reference path="../pb_data/types.d.ts" />
// The Slack source of the feedback inbox (issue 58): one record with the Slack app's settings. The signing secret
// and the bot token are hidden fields: only PocketBase (and superusers) read them; admins set them through
// POST /api/chorus/slack/settings and see only that they are set (pb_hooks/feedback/feedback-slack.pb.js). `channel`: the
// channel whose new messages all arrive (Events API), empty for none; `team_id`: the workspace the app belongs to
// (a signed request from another is refused), empty for any the signing secret proves.
// The access rules this migration applies, as a literal snapshot (see tests/unit/migrations-are-snapshots.test.ts).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
};

migrate(
  (app) => {
    const settings = new Collection({
      type: 'base',
      name: 'slack_settings',
      listRule: RULES.ACTIVE_ADMIN,
      viewRule: RULES.ACTIVE_ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'active', type: 'bool' },
        { name: 'team_id', type: 'text', max: 20, pattern: '^$|^[TE][A-Z0-9]{2,19}$' },
        { name: 'channel', type: 'text', max: 20, pattern: '^$|^[CG][A-Z0-9]{2,19}$' },
        { name: 'signing_secret', type: 'text', max: 200, hidden: true },
        { name: 'bot_token', type: 'text', max: 300, hidden: true },
        { name: 'last_event_at', type: 'date' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
    });
    app.save(settings);
    app.save(new Record(settings));
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('slack_settings'));
  },
);
