/// <reference path="../pb_data/types.d.ts" />
// In-app notifications, written only by hooks (which never notify about what the recipient cannot see).
// Access: a member lists and views only their own (realtime follows the same rule); while active, may mark
// them read and delete them, and may change nothing else; nobody creates them through the API.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE: '(@request.auth.id != "" && @request.auth.blocked = false)',
  unset: (...args) =>
    ({
      '[["user","kind","post","comment","entry","actor"]]':
        '(@request.body.user:isset = false && @request.body.kind:isset = false && @request.body.post:isset = false && @request.body.comment:isset = false && @request.body.entry:isset = false && @request.body.actor:isset = false)',
    })[JSON.stringify(args)],
};
const { ACTIVE, unset } = RULES;
const OWN = 'user = @request.auth.id';

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users').id;
    const posts = app.findCollectionByNameOrId('posts').id;
    const notifications = new Collection({
      type: 'base',
      name: 'notifications',
      listRule: OWN,
      viewRule: OWN,
      createRule: null,
      updateRule: `${OWN} && ${ACTIVE} && ${unset(['user', 'kind', 'post', 'comment', 'entry', 'actor'])}`,
      deleteRule: `${OWN} && ${ACTIVE}`,
      fields: [
        { name: 'user', type: 'relation', required: true, collectionId: users, maxSelect: 1, cascadeDelete: true },
        {
          name: 'kind',
          type: 'select',
          required: true,
          maxSelect: 1,
          values: ['comment', 'status', 'response', 'release', 'merge'],
        },
        { name: 'post', type: 'relation', collectionId: posts, maxSelect: 1, cascadeDelete: true },
        {
          name: 'comment',
          type: 'relation',
          collectionId: app.findCollectionByNameOrId('comments').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        {
          name: 'entry',
          type: 'relation',
          collectionId: app.findCollectionByNameOrId('changelog_entries').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'actor', type: 'relation', collectionId: users, maxSelect: 1 },
        { name: 'read_at', type: 'date' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE INDEX idx_notifications_user_created ON notifications (user, created)',
        'CREATE INDEX idx_notifications_user_read ON notifications (user, read_at)',
      ],
    });
    app.save(notifications);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('notifications'));
  },
);
