/// <reference path="../pb_data/types.d.ts" />
// An idea's timeline: one row per status change, written only by pb_hooks/ideas/status-events.pb.js in the
// same transaction as the change. Access: readable by whoever may see the idea; no API writes.
// The fragments as this migration first stored them (segment boards came later: 1764420010).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  postVisible: (...args) =>
    ({
      '["post."]':
        '((post.board.visibility = "public" || (post.board.visibility = "members" && @request.auth.id != "") || (post.board.visibility = "staff" && (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin")))) && (post.approved = true || post.author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))',
    })[JSON.stringify(args)],
};

migrate(
  (app) => {
    const statuses = app.findCollectionByNameOrId('statuses').id;
    const events = new Collection({
      type: 'base',
      name: 'status_events',
      listRule: RULES.postVisible('post.'),
      viewRule: RULES.postVisible('post.'),
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        {
          name: 'post',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('posts').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'from', type: 'relation', collectionId: statuses, maxSelect: 1 },
        { name: 'to', type: 'relation', collectionId: statuses, maxSelect: 1 },
        { name: 'actor', type: 'relation', collectionId: app.findCollectionByNameOrId('users').id, maxSelect: 1 },
        { name: 'note', type: 'text', max: 5000 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX idx_status_events_post_created ON status_events (post, created)'],
    });
    app.save(events);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('status_events'));
  },
);
