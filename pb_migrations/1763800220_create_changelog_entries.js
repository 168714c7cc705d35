/// <reference path="../pb_data/types.d.ts" />
// Releases: publishing (pb_hooks/changelog/changelog.pb.js) dates the entry, notifies the voters and followers of
// the linked ideas and, with mark_done, moves those ideas to Done.
// Access: published entries are read by anyone, drafts by active staff; active staff write them (the
// publication date is the server's).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
};
const { ACTIVE_STAFF } = RULES;
const VISIBLE = `(state = "published" || ${ACTIVE_STAFF})`;

migrate(
  (app) => {
    const entries = new Collection({
      type: 'base',
      name: 'changelog_entries',
      listRule: VISIBLE,
      viewRule: VISIBLE,
      createRule: `${ACTIVE_STAFF} && @request.body.published_at:isset = false`,
      updateRule: `${ACTIVE_STAFF} && @request.body.published_at:isset = false`,
      deleteRule: ACTIVE_STAFF,
      fields: [
        { name: 'title', type: 'text', required: true, max: 140 },
        { name: 'slug', type: 'text', required: true, max: 80, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
        { name: 'body', type: 'text', max: 50000 },
        {
          name: 'cover',
          type: 'file',
          maxSelect: 1,
          maxSize: 5 * 1024 * 1024,
          mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
          thumbs: ['640x0', '320x0'],
        },
        { name: 'labels', type: 'select', maxSelect: 3, values: ['new', 'improved', 'fixed'] },
        { name: 'state', type: 'select', required: true, maxSelect: 1, values: ['draft', 'published'] },
        { name: 'published_at', type: 'date' },
        { name: 'posts', type: 'relation', collectionId: app.findCollectionByNameOrId('posts').id, maxSelect: 50 },
        // When the entry is published, its linked ideas are set to the Done status.
        { name: 'mark_done', type: 'bool' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_changelog_entries_slug ON changelog_entries (slug)',
        'CREATE INDEX idx_changelog_entries_published ON changelog_entries (state, published_at)',
      ],
    });
    app.save(entries);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('changelog_entries'));
  },
);
