/// <reference path="../pb_data/types.d.ts" />
// Zendesk's ticket sidebar app (issue 58): the token its requests carry (the app's secure setting in Zendesk,
// pb_hooks/feedback/sources/zendesk/app.js), a hidden field of zendesk_settings: only PocketBase (and superusers) read
// it; admins set it through POST /api/chorus/zendesk/settings and see only that it is set.

migrate(
  (app) => {
    const settings = app.findCollectionByNameOrId('zendesk_settings');
    settings.fields.add(new TextField({ name: 'app_token', max: 200, hidden: true }));
    app.save(settings);
  },
  (app) => {
    const settings = app.findCollectionByNameOrId('zendesk_settings');
    settings.fields.removeByName('app_token');
    app.save(settings);
  },
);
