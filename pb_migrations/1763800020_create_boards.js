/// <reference path="../pb_data/types.d.ts" />
// Boards group ideas. Access: a public board is read by anyone, a members board by signed-in people,
// a staff board by active staff; active admins create, edit and delete boards.
// The fragments as this migration first stored them (segment boards came later: 1764420010).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
  boardVisible: (...args) =>
    ({
      '[]': '(visibility = "public" || (visibility = "members" && @request.auth.id != "") || (visibility = "staff" && (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))',
    })[JSON.stringify(args)],
};

migrate(
  (app) => {
    const boards = new Collection({
      type: 'base',
      name: 'boards',
      listRule: RULES.boardVisible(),
      viewRule: RULES.boardVisible(),
      createRule: RULES.ACTIVE_ADMIN,
      updateRule: RULES.ACTIVE_ADMIN,
      deleteRule: RULES.ACTIVE_ADMIN,
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
