/// <reference path="../pb_data/types.d.ts" />
// Staff hide a comment (hidden = true): only its author and staff still see it. Staff may set hidden and
// internal on anyone's comment, but never its text; members cannot set hidden.
const STAFF = '(@request.auth.role = "moderator" || @request.auth.role = "admin")';
const ACTIVE = '(@request.auth.id != "" && @request.auth.blocked = false)';
const unset = (fields) => fields.map((f) => `@request.body.${f}:isset = false`).join(' && ');
const SEEN = ` && (hidden = false || author = @request.auth.id || ${STAFF})`;
const CREATE = ' && @request.body.hidden:isset = false';
const STAFF_EDIT = ` || (${ACTIVE} && ${STAFF} && ${unset(['post', 'author', 'parent', 'edited_at', 'body', 'images'])})`;

migrate(
  (app) => {
    const comments = app.findCollectionByNameOrId('comments');
    comments.fields.add(new BoolField({ name: 'hidden' }));
    comments.listRule += SEEN;
    comments.viewRule += SEEN;
    comments.createRule += CREATE;
    comments.updateRule = `(${comments.updateRule} && @request.body.hidden:isset = false)${STAFF_EDIT}`;
    app.save(comments);
  },
  (app) => {
    const comments = app.findCollectionByNameOrId('comments');
    comments.fields.removeByName('hidden');
    comments.listRule = comments.listRule.replace(SEEN, '');
    comments.viewRule = comments.viewRule.replace(SEEN, '');
    comments.createRule = comments.createRule.replace(CREATE, '');
    comments.updateRule = comments.updateRule
      .replace(STAFF_EDIT, '')
      .replace(/^\((.*) && @request\.body\.hidden:isset = false\)$/, '$1');
    app.save(comments);
  },
);
