/// <reference path="../pb_data/types.d.ts" />
// Statuses an idea moves through; the roadmap shows those with on_roadmap. Seeded with the usual six,
// named in English from locales/en.json (pbStatuses); they follow the site's default language
// (pb_hooks/site/statuses-language.pb.js).
// Access: anyone reads them; active admins create, edit and delete them.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
};
// The seeded statuses' English names as this migration first wrote them (a snapshot of locales/en.json's
// pbStatuses; renaming to the site's language is pb_hooks/ideas/seeded-statuses.js's job).
const ENGLISH_NAMES = {
  open: 'Open',
  'under-review': 'Under review',
  planned: 'Planned',
  'in-progress': 'In progress',
  done: 'Done',
  declined: 'Declined',
};
const SEEDED = [
  { slug: 'open', color: '#6b7280', on_roadmap: false, closed: false, is_default: true },
  { slug: 'under-review', color: '#0e7490', on_roadmap: false, closed: false },
  { slug: 'planned', color: '#7c3aed', on_roadmap: true, closed: false },
  { slug: 'in-progress', color: '#b45309', on_roadmap: true, closed: false },
  { slug: 'done', color: '#15803d', on_roadmap: true, closed: true },
  { slug: 'declined', color: '#b91c1c', on_roadmap: false, closed: true },
];

migrate(
  (app) => {
    const statuses = new Collection({
      type: 'base',
      name: 'statuses',
      listRule: '',
      viewRule: '',
      createRule: RULES.ACTIVE_ADMIN,
      updateRule: RULES.ACTIVE_ADMIN,
      deleteRule: RULES.ACTIVE_ADMIN,
      fields: [
        { name: 'name', type: 'text', required: true, max: 40 },
        { name: 'slug', type: 'text', required: true, max: 40, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
        { name: 'color', type: 'text', required: true, pattern: '^#[0-9a-fA-F]{6}$' },
        { name: 'position', type: 'number', onlyInt: true },
        { name: 'on_roadmap', type: 'bool' },
        { name: 'closed', type: 'bool' },
        { name: 'is_default', type: 'bool' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
      indexes: ['CREATE UNIQUE INDEX idx_statuses_slug ON statuses (slug)'],
    });
    app.save(statuses);

    SEEDED.forEach((status, position) => {
      const record = new Record(statuses);
      for (const [key, value] of Object.entries(status)) record.set(key, value);
      record.set('name', ENGLISH_NAMES[status.slug]);
      record.set('position', position);
      app.save(record);
    });
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('statuses'));
  },
);
