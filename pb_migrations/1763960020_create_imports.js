/// <reference path="../pb_data/types.d.ts" />
// What `npm run import` brought over: one row per source thing (user, post, comment, vote, tag, image…)
// naming the Chorus record made from it, so a second run creates nothing twice and an interrupted run
// resumes. Only superusers (the importer) read or write it.
migrate(
  (app) => {
    const imports = new Collection({
      type: 'base',
      name: 'imports',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'source', type: 'text', required: true, max: 300 },
        { name: 'kind', type: 'text', required: true, max: 40 },
        { name: 'external_id', type: 'text', required: true, max: 300 },
        { name: 'record', type: 'text', required: true, max: 40 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
      ],
      indexes: ['CREATE UNIQUE INDEX idx_imports_external ON imports (source, kind, external_id)'],
    });
    app.save(imports);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('imports'));
  },
);
