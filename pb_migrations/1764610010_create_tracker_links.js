/// <reference path="../pb_data/types.d.ts" />
// An idea linked to a tracker issue (issue #26, item 2). Several ideas may link to one issue, and an idea to
// issues in several trackers. `issue_id` is the tracker's own id (GitHub: the issue number; Linear: the issue's
// uuid), `issue_key` how people name it ("#12", "ENG-12"), `state` the last state Chorus heard of. Staff read
// them; only Chorus's routes create them (they talk to the tracker first) and staff unlink.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
};
const { ACTIVE_STAFF } = RULES;

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const links = new Collection({
      type: 'base',
      name: 'tracker_links',
      listRule: ACTIVE_STAFF,
      viewRule: ACTIVE_STAFF,
      createRule: null,
      updateRule: null,
      deleteRule: ACTIVE_STAFF,
      fields: [
        {
          name: 'connection',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('tracker_connections').id,
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
        { name: 'issue_id', type: 'text', required: true, max: 100 },
        { name: 'issue_key', type: 'text', max: 100 },
        { name: 'url', type: 'url' },
        { name: 'title', type: 'text', max: 500 },
        { name: 'state', type: 'text', max: 100 },
        { name: 'created_by', type: 'relation', collectionId: users.id, maxSelect: 1, cascadeDelete: false },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_tracker_links_issue_post ON tracker_links (connection, issue_id, post)',
        'CREATE INDEX idx_tracker_links_post ON tracker_links (post)',
      ],
    });
    app.save(links);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('tracker_links'));
  },
);
