/// <reference path="../pb_data/types.d.ts" />
// Twelve more languages (22 in all, issue 39): the site's default language and each member's own may now be
// Dutch, Swedish, Polish, Czech, Turkish, Russian, Ukrainian, Vietnamese, Indonesian, Korean, traditional
// Chinese or Persian. Codes as in locales/; the order is the language picker's.
const LOCALES = [
  'en',
  'de',
  'fr',
  'es',
  'pt-BR',
  'it',
  'nl',
  'sv',
  'pl',
  'cs',
  'tr',
  'ru',
  'uk',
  'vi',
  'id',
  'ja',
  'ko',
  'zh-CN',
  'zh-TW',
  'ar',
  'fa',
  'he',
];
const BEFORE = ['en', 'de', 'fr', 'es', 'pt-BR', 'it', 'ja', 'zh-CN', 'ar', 'he'];

/** Sets the allowed codes of site.default_locale and users.locale. */
function allow(app, codes) {
  for (const [collection, field] of [
    ['site', 'default_locale'],
    ['users', 'locale'],
  ]) {
    const found = app.findCollectionByNameOrId(collection);
    found.fields.getByName(field).values = codes;
    app.save(found);
  }
}

migrate(
  (app) => allow(app, LOCALES),
  (app) => {
    // Back to ten: whoever picked a newer language goes back to the site's (or English for the site).
    const newer = LOCALES.filter((code) => !BEFORE.includes(code));
    const list = newer.map((code) => `'${code}'`).join(', ');
    app.db().newQuery(`UPDATE users SET locale = '' WHERE locale IN (${list})`).execute();
    app.db().newQuery(`UPDATE site SET default_locale = 'en' WHERE default_locale IN (${list})`).execute();
    allow(app, BEFORE);
  },
);
