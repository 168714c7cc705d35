/// <reference path="../pb_data/types.d.ts" />
// The embeddable widget and single sign-on, as the admin configures them: which sites may embed the
// panel, whether identify tokens are accepted, the product's name and its login URL. Readable by anyone
// (the embed routes and the sign-in page need them); only admins change them. The signing secret is
// not here: it lives in `sso_secrets`, which only admins can read.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
};
const { ACTIVE_ADMIN } = RULES;

migrate(
  (app) => {
    const settings = new Collection({
      type: 'base',
      name: 'widget_settings',
      listRule: '',
      viewRule: '',
      createRule: null,
      updateRule: ACTIVE_ADMIN,
      deleteRule: null,
      fields: [
        // Origins allowed to frame the panel, one per line, like "https://app.example.com".
        { name: 'allowed_origins', type: 'text', max: 4000 },
        { name: 'sso_enabled', type: 'bool' },
        // Shown as "Sign in with <product>".
        { name: 'product_name', type: 'text', max: 60 },
        // Where "Sign in with <product>" sends people; Chorus adds ?return_to=<its /sso URL>.
        { name: 'login_url', type: 'url' },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
    });
    app.save(settings);
    const record = new Record(settings);
    record.set('sso_enabled', false);
    app.save(record);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('widget_settings'));
  },
);
