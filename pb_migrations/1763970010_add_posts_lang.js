/// <reference path="../pb_data/types.d.ts" />
// The language an idea is written in (a locale code from locales/, or empty when unknown), so pages and
// the feed can declare it with `lang` and search can treat its script well.
migrate(
  (app) => {
    const posts = app.findCollectionByNameOrId('posts');
    posts.fields.add(new TextField({ name: 'lang', max: 10, pattern: '^([a-z]{2}(-[A-Z]{2})?)?$' }));
    app.save(posts);
  },
  (app) => {
    const posts = app.findCollectionByNameOrId('posts');
    posts.fields.removeByName('lang');
    app.save(posts);
  },
);
