/// <reference path="../../pb_data/types.d.ts" />
// Custom fields on ideas (pb_hooks/custom-fields/custom-fields.js): every request that writes values is checked
// against the board's definitions, public values on posts.fields and staff-only ones on post_insights.fields,
// so a staff-only value never lands where members read. An admin's definition is checked too; when a field
// turns staff-only (or public again) its values move to the other side, and a deleted field's values go.

// A definition: options only for select types (at most 50 distinct, each at most 60 characters).
for (const register of [onRecordCreateRequest, onRecordUpdateRequest]) {
  register((e) => {
    require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, () => {
      const { checkOptions, refuseFields } = require(`${__hooks}/custom-fields/custom-fields.js`);
      let options = [];
      try {
        options = JSON.parse(toString(e.record.get('options')) || '[]');
      } catch {
        options = null;
      }
      const checked = checkOptions(e.record.getString('type'), options);
      if (checked.error) refuseFields({ options: checked.error });
      e.record.set('options', checked.options);
      if (e.record.getString('type') !== 'text') e.record.set('max_length', 0);
      e.next();
    });
  }, 'custom_fields');
}

// An idea's public values: checked on every write that sends them; required ones on a member's new idea.
for (const register of [onRecordCreateRequest, onRecordUpdateRequest]) {
  register((e) => {
    require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, () => {
      const creating = e.record.isNew();
      const sent = e.requestInfo().body.fields !== undefined;
      if (!sent && !creating) return e.next();
      const { isStaff } = require(`${__hooks}/platform/access.js`);
      const { checkValues, definitionsOf, refuseFields } = require(`${__hooks}/custom-fields/custom-fields.js`);
      const definitions = definitionsOf(e.app, e.record.getString('board'));
      const checked = checkValues(definitions, e.record.get('fields'), {
        isPublic: true,
        requireRequired: !isStaff(e) && (creating || sent),
      });
      if (checked.errors) refuseFields(checked.errors);
      e.record.set('fields', checked.values);
      e.next();
    });
  }, 'posts');
}

// An idea's staff-only values (the post_insights rules let only active staff write them).
onRecordUpdateRequest((e) => {
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, () => {
    if (e.requestInfo().body.fields === undefined) return e.next();
    const { checkValues, definitionsOf, refuseFields } = require(`${__hooks}/custom-fields/custom-fields.js`);
    const post = e.app.findRecordById('posts', e.record.id);
    const checked = checkValues(definitionsOf(e.app, post.getString('board')), e.record.get('fields'), {
      isPublic: false,
      requireRequired: false,
    });
    if (checked.errors) refuseFields(checked.errors);
    e.record.set('fields', checked.values);
    e.next();
  });
}, 'post_insights');

// An idea moved to another board keeps only the public values that board defines as public.
onRecordUpdate((e) => {
  if (e.record.getString('board') === e.record.original().getString('board')) return e.next();
  const { definitionsOf, keepDefined, objectOf } = require(`${__hooks}/custom-fields/custom-fields.js`);
  const definitions = definitionsOf(e.app, e.record.getString('board'));
  e.record.set('fields', keepDefined(definitions, objectOf(e.record.get('fields')) || {}, true));
  e.next();
}, 'posts');

// A field turned staff-only (or public again): its values move side, in the same transaction; a deleted
// field's values are removed. Each idea is saved as a record, so caches and live copies follow.
onRecordUpdate((e) => {
  const wasPublic = e.record.original().getBool('public');
  if (e.record.getBool('public') === wasPublic) return e.next();
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const { moveFieldValues } = require(`${__hooks}/custom-fields/custom-field-values.js`);
  const key = e.record.getString('key');
  const board = e.record.getString('board');
  withinTransaction(e, (txApp) => moveFieldValues(txApp, board, key, wasPublic ? 'toStaff' : 'toPublic'));
}, 'custom_fields');

onRecordDelete((e) => {
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  const { moveFieldValues } = require(`${__hooks}/custom-fields/custom-field-values.js`);
  const key = e.record.getString('key');
  const board = e.record.getString('board');
  withinTransaction(e, (txApp) => moveFieldValues(txApp, board, key, 'remove'));
}, 'custom_fields');
