/// <reference path="../pb_data/types.d.ts" />
// Alert rules (issue #24, item 7): "tell these staff when an idea crosses N votes, $N of revenue or N votes
// in a day", optionally on one board or counting only one segment's voters. Admins write, staff read;
// nobody else. Recipients must be staff (pb_hooks/alerts/alerts.pb.js refuses anyone else).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
};
const { ACTIVE_STAFF, ACTIVE_ADMIN } = RULES;

migrate(
  (app) => {
    const rules = new Collection({
      type: 'base',
      name: 'alert_rules',
      listRule: ACTIVE_STAFF,
      viewRule: ACTIVE_STAFF,
      createRule: ACTIVE_ADMIN,
      updateRule: ACTIVE_ADMIN,
      deleteRule: ACTIVE_ADMIN,
      fields: [
        { name: 'name', type: 'text', required: true, max: 80 },
        {
          name: 'metric',
          type: 'select',
          required: true,
          maxSelect: 1,
          values: ['votes', 'revenue', 'votes_in_day'],
        },
        { name: 'threshold', type: 'number', required: true, min: 0.01, max: 1e12 },
        {
          name: 'board',
          type: 'relation',
          collectionId: app.findCollectionByNameOrId('boards').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        {
          name: 'segment',
          type: 'relation',
          collectionId: app.findCollectionByNameOrId('segments').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        {
          name: 'recipients',
          type: 'relation',
          collectionId: app.findCollectionByNameOrId('users').id,
          maxSelect: 20,
          cascadeDelete: false,
        },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX idx_alert_rules_board ON alert_rules (board)'],
    });
    app.save(rules);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('alert_rules'));
  },
);
