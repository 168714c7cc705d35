/// <reference path="../pb_data/types.d.ts" />
// The site's single settings record: name, branding, welcome text, sign-up and approval switches.
migrate(
  (app) => {
    const site = new Collection({
      type: 'base',
      name: 'site',
      listRule: '',
      viewRule: '',
      createRule: null,
      updateRule: '@request.auth.role = "admin"',
      deleteRule: null,
      fields: [
        { name: 'name', type: 'text', required: true, max: 60 },
        { name: 'tagline', type: 'text', max: 140 },
        {
          name: 'logo',
          type: 'file',
          maxSelect: 1,
          maxSize: 5 * 1024 * 1024,
          mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/svg+xml'],
          thumbs: ['64x64'],
        },
        { name: 'accent_color', type: 'text', pattern: '^#[0-9a-fA-F]{6}$' },
        { name: 'welcome', type: 'text', max: 5000 },
        { name: 'require_approval', type: 'bool' },
        { name: 'allow_signups', type: 'bool' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
    });
    app.save(site);

    const record = new Record(site);
    record.set('name', 'Chorus');
    record.set('tagline', 'Tell us what to build next');
    record.set('accent_color', '#5b4bdb');
    record.set('welcome', 'Share your ideas, vote on what matters to you, and follow them to release.');
    record.set('allow_signups', true);
    app.save(record);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('site'));
  },
);
