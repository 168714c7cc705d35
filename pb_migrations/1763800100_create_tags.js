/// <reference path="../pb_data/types.d.ts" />
// Tags label ideas; staff-only tags are for triage and stay hidden from everyone else.
const STAFF = '(@request.auth.role = "moderator" || @request.auth.role = "admin")';

migrate(
  (app) => {
    const tags = new Collection({
      type: 'base',
      name: 'tags',
      listRule: `staff_only = false || ${STAFF}`,
      viewRule: `staff_only = false || ${STAFF}`,
      createRule: '@request.auth.role = "admin"',
      updateRule: '@request.auth.role = "admin"',
      deleteRule: '@request.auth.role = "admin"',
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
