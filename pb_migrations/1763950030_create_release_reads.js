/// <reference path="../pb_data/types.d.ts" />
// When each member last looked at the changelog: the "what's new" badge counts releases published
// since. One record per member, seen and changed only by that member.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE: '(@request.auth.id != "" && @request.auth.blocked = false)',
};
const SELF = `(user = @request.auth.id && ${RULES.ACTIVE})`;

migrate(
  (app) => {
    const reads = new Collection({
      type: 'base',
      name: 'release_reads',
      listRule: 'user = @request.auth.id',
      viewRule: 'user = @request.auth.id',
      createRule: `@request.auth.collectionName = "users" && ${SELF}`,
      updateRule: `${SELF} && @request.body.user:isset = false`,
      deleteRule: null,
      fields: [
        {
          name: 'user',
          type: 'relation',
          required: true,
          maxSelect: 1,
          cascadeDelete: true,
          collectionId: app.findCollectionByNameOrId('users').id,
        },
        { name: 'seen_at', type: 'date', required: true },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE UNIQUE INDEX idx_release_reads_user ON release_reads (user)'],
    });
    app.save(reads);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('release_reads'));
  },
);
