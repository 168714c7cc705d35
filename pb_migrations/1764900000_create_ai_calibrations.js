/// <reference path="../pb_data/types.d.ts" />
// An admin's calibrations of the AI model (issue 61): each run of the labelled pairs through the site's own provider
// (pb_hooks/calibration/run.js), its progress while it runs, then the three points it derived (hint, floor,
// alone), the precision and recall at the points in use before and at the new ones, and who ran it; or why it
// failed. ai/thresholds.js prefers the newest done one of the model in use over the shipped table. Admins read;
// nobody writes through the API (POST /api/chorus/ai/calibrations starts a run: pb_hooks/ai/ai.pb.js).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const ACTIVE_ADMIN = '(@request.auth.blocked = false && @request.auth.role = "admin")';

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const collection = new Collection({
      type: 'base',
      name: 'ai_calibrations',
      listRule: ACTIVE_ADMIN,
      viewRule: ACTIVE_ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { type: 'text', name: 'provider', max: 40 },
        { type: 'text', name: 'model', required: true, max: 200 },
        { type: 'select', name: 'state', required: true, maxSelect: 1, values: ['running', 'done', 'failed'] },
        { type: 'number', name: 'embedded', onlyInt: true, min: 0 },
        { type: 'number', name: 'total', onlyInt: true, min: 0 },
        { type: 'number', name: 'hint', min: -1, max: 1 },
        { type: 'number', name: 'floor', min: -1, max: 1 },
        { type: 'number', name: 'alone', min: -1, max: 1 },
        { type: 'json', name: 'before', maxSize: 4096 },
        { type: 'json', name: 'after', maxSize: 4096 },
        { type: 'json', name: 'measured', maxSize: 8192 },
        { type: 'text', name: 'error', max: 500 },
        { type: 'relation', name: 'by', collectionId: users.id, cascadeDelete: false, maxSelect: 1 },
        { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
        { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE INDEX idx_ai_calibrations_model ON ai_calibrations (model, state, created)'],
    });
    app.save(collection);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('ai_calibrations'));
  },
);
