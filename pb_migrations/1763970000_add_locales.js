/// <reference path="../pb_data/types.d.ts" />
// Languages: the site's default language and whether a signed-out visitor's browser language may win,
// and each member's own language (pages and emails; empty means the site's). Codes as in locales/.
const LOCALES = ['en', 'de', 'fr', 'es', 'pt-BR', 'it', 'ja', 'zh-CN', 'ar', 'he'];

migrate(
  (app) => {
    const site = app.findCollectionByNameOrId('site');
    site.fields.add(new SelectField({ name: 'default_locale', values: LOCALES, maxSelect: 1 }));
    site.fields.add(new BoolField({ name: 'browser_locale' }));
    app.save(site);
    for (const record of app.findAllRecords('site')) {
      record.set('default_locale', 'en');
      app.save(record);
    }
    const users = app.findCollectionByNameOrId('users');
    users.fields.add(new SelectField({ name: 'locale', values: LOCALES, maxSelect: 1 }));
    app.save(users);
  },
  (app) => {
    const site = app.findCollectionByNameOrId('site');
    site.fields.removeByName('default_locale');
    site.fields.removeByName('browser_locale');
    app.save(site);
    const users = app.findCollectionByNameOrId('users');
    users.fields.removeByName('locale');
    app.save(users);
  },
);
