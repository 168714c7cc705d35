/// <reference path="../pb_data/types.d.ts" />
// Custom fields on ideas (issue #24, item 4): admins define, per board, typed fields ideas carry (text,
// number, select, multiselect, date), public or staff-only, optional or required. Values live elsewhere:
// public ones in posts.fields, staff-only ones in post_insights.fields (pb_hooks/custom-fields/custom-fields.js
// validates both). Access:
// - list/view: whoever may see the board sees its public definitions; active staff see all of them.
// - create/update/delete: active admins. A field's board, key and type never change once made (values
//   already stored would stop matching them); its options, label, visibility and order may.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
  boardVisible: (...args) =>
    ({
      '["board."]':
        '(board.visibility = "public" || (board.visibility = "members" && @request.auth.id != "") || (board.visibility = "staff" && (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))) || (board.visibility = "segment" && (board.segment.segment_members_via_segment.user ?= @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin")))))',
    })[JSON.stringify(args)],
};
const { ACTIVE_STAFF, ACTIVE_ADMIN, boardVisible } = RULES;
// The field types and key pattern as this migration first stored them (snapshot of custom-fields/custom-fields.js).
const FIELD_TYPES = ['text', 'number', 'select', 'multiselect', 'date'];
const KEY_PATTERN = '^[a-z][a-z0-9_]{0,39}$';
const KEEPS = ['board', 'key', 'type']
  .map((f) => `(@request.body.${f}:isset = false || @request.body.${f} = ${f})`)
  .join(' && ');

migrate(
  (app) => {
    const read = `(${ACTIVE_STAFF} || (public = true && ${boardVisible('board.')}))`;
    const fields = new Collection({
      type: 'base',
      name: 'custom_fields',
      listRule: read,
      viewRule: read,
      createRule: ACTIVE_ADMIN,
      updateRule: `${ACTIVE_ADMIN} && ${KEEPS}`,
      deleteRule: ACTIVE_ADMIN,
      fields: [
        {
          name: 'board',
          type: 'relation',
          required: true,
          collectionId: app.findCollectionByNameOrId('boards').id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'key', type: 'text', required: true, max: 40, pattern: KEY_PATTERN },
        { name: 'label', type: 'text', required: true, max: 80 },
        { name: 'type', type: 'select', required: true, maxSelect: 1, values: FIELD_TYPES },
        { name: 'options', type: 'json', maxSize: 4096 },
        { name: 'public', type: 'bool' },
        { name: 'required', type: 'bool' },
        { name: 'position', type: 'number', onlyInt: true, min: 0, max: 10000 },
        { name: 'max_length', type: 'number', onlyInt: true, min: 0, max: 2000 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_custom_fields_board_key ON custom_fields (board, key)',
        'CREATE INDEX idx_custom_fields_board_position ON custom_fields (board, position)',
      ],
    });
    app.save(fields);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('custom_fields'));
  },
);
