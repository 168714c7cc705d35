/// <reference path="../pb_data/types.d.ts" />
// The site's single settings record: name, branding, welcome text, sign-up, approval and posting switches.
// Access: anyone reads it; active admins edit it; nobody creates or deletes it.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
};

migrate(
  (app) => {
    const site = new Collection({
      type: 'base',
      name: 'site',
      listRule: '',
      viewRule: '',
      createRule: null,
      updateRule: RULES.ACTIVE_ADMIN,
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
        // Members whose email is not verified may post ideas and comments (pb_hooks/auth/verified-posting.pb.js).
        { name: 'allow_unverified_posting', type: 'bool' },
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
    record.set('allow_unverified_posting', false);
    app.save(record);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('site'));
  },
);
