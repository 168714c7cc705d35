/// <reference path="../pb_data/types.d.ts" />
// Boards group ideas. Visibility is enforced here, by the API rules, not by hiding links.
const STAFF = '(@request.auth.role = "moderator" || @request.auth.role = "admin")';
const VISIBLE = `(visibility = "public" || (visibility = "members" && @request.auth.id != "") || (visibility = "staff" && ${STAFF}))`;

migrate(
  (app) => {
    const boards = new Collection({
      type: 'base',
      name: 'boards',
      listRule: VISIBLE,
      viewRule: VISIBLE,
      createRule: '@request.auth.role = "admin"',
      updateRule: '@request.auth.role = "admin"',
      deleteRule: '@request.auth.role = "admin"',
      fields: [
        { name: 'name', type: 'text', required: true, max: 60 },
        { name: 'slug', type: 'text', required: true, max: 60, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
        { name: 'description', type: 'text', max: 500 },
        { name: 'visibility', type: 'select', required: true, maxSelect: 1, values: ['public', 'members', 'staff'] },
        { name: 'position', type: 'number', onlyInt: true },
        { name: 'archived', type: 'bool' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_boards_slug ON boards (slug)',
        'CREATE INDEX idx_boards_position ON boards (position)',
      ],
    });
    app.save(boards);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('boards'));
  },
);
