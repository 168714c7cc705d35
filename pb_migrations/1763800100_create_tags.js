/// <reference path="../pb_data/types.d.ts" />
// Tags label ideas. Staff-only tags are for triage: only active staff read them, and they are attached
// to ideas through post_staff_tags (staff-only rules), never through posts.tags, so public reads of ideas
// need no per-record filtering. Access: active admins create, edit and delete tags.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
};
const VISIBLE = `(staff_only = false || ${RULES.ACTIVE_STAFF})`;

migrate(
  (app) => {
    const tags = new Collection({
      type: 'base',
      name: 'tags',
      listRule: VISIBLE,
      viewRule: VISIBLE,
      createRule: RULES.ACTIVE_ADMIN,
      updateRule: RULES.ACTIVE_ADMIN,
      deleteRule: RULES.ACTIVE_ADMIN,
      fields: [
        { name: 'name', type: 'text', required: true, max: 40 },
        { name: 'color', type: 'text', required: true, pattern: '^#[0-9a-fA-F]{6}$' },
        { name: 'staff_only', type: 'bool' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE UNIQUE INDEX idx_tags_name ON tags (name)'],
    });
    app.save(tags);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('tags'));
  },
);
