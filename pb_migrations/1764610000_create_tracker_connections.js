/// <reference path="../pb_data/types.d.ts" />
// Issue trackers (issue #26, item 2): a GitHub repository or a Linear team an admin connected. The API token and
// the webhook signing secret are hidden fields: only PocketBase (and superusers) ever read them; admins see
// that one is set. `states` lists the tracker's states ([{key, name}]) and `state_map` maps a state's key to a
// Chorus status id (a missing key: the idea keeps its status). Admins manage them; the site's Worker checks
// incoming events' signatures with the secret it gets from PocketBase over the shared proxy secret.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
};
const { ACTIVE_ADMIN, ACTIVE_STAFF } = RULES;

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const connections = new Collection({
      type: 'base',
      name: 'tracker_connections',
      // staff read them to create and link issues from an idea; admins change them
      listRule: ACTIVE_STAFF,
      viewRule: ACTIVE_STAFF,
      createRule: ACTIVE_ADMIN,
      updateRule: ACTIVE_ADMIN,
      deleteRule: ACTIVE_ADMIN,
      fields: [
        { name: 'provider', type: 'select', required: true, values: ['github', 'linear'], maxSelect: 1 },
        { name: 'name', type: 'text', required: true, min: 1, max: 120 },
        // GitHub: "owner/repo"
        { name: 'repository', type: 'text', max: 200, pattern: '^$|^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$' },
        // Linear: the team's id (uuid) and key ("ENG")
        { name: 'team_id', type: 'text', max: 100 },
        { name: 'team_key', type: 'text', max: 20 },
        { name: 'token', type: 'text', max: 500, hidden: true },
        { name: 'webhook_secret', type: 'text', max: 200, hidden: true },
        { name: 'states', type: 'json', maxSize: 20000 },
        { name: 'state_map', type: 'json', maxSize: 20000 },
        // post a comment on the issue with the votes and revenue waiting, when it is created or linked
        { name: 'comment_back', type: 'bool' },
        { name: 'active', type: 'bool' },
        { name: 'created_by', type: 'relation', collectionId: users.id, maxSelect: 1, cascadeDelete: false },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
    });
    app.save(connections);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('tracker_connections'));
  },
);
