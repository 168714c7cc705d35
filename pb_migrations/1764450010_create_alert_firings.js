/// <reference path="../pb_data/types.d.ts" />
// One row each time an alert rule fired for an idea. The unique (rule, post) index is what makes "once per
// rule and idea" hold whoever writes and however many votes race (pb_hooks/alerts/alerts.js inserts with
// INSERT OR IGNORE inside the vote's transaction); `state` is the delivery queue for the emails
// (pending -> sent), worked off the write path. Staff read it (the admin page's recent firings); only the
// server writes.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
};

migrate(
  (app) => {
    const firings = new Collection({
      type: 'base',
      name: 'alert_firings',
      listRule: RULES.ACTIVE_STAFF,
      viewRule: RULES.ACTIVE_STAFF,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        {
          name: 'rule',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('alert_rules').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        {
          name: 'post',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('posts').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'value', type: 'number' },
        { name: 'state', type: 'select', maxSelect: 1, values: ['pending', 'sending', 'sent'] },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_alert_firings_pair ON alert_firings (rule, post)',
        'CREATE INDEX idx_alert_firings_state ON alert_firings (state, post)',
        'CREATE INDEX idx_alert_firings_created ON alert_firings (created)',
      ],
    });
    app.save(firings);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('alert_firings'));
  },
);
