/// <reference path="../pb_data/types.d.ts" />
// A site setting: the author's own vote counts on their new idea (as on Fider and Canny). On by default.
migrate(
  (app) => {
    const site = app.findCollectionByNameOrId('site');
    site.fields.add(new BoolField({ name: 'author_votes' }));
    app.save(site);
    for (const record of app.findAllRecords('site')) {
      record.set('author_votes', true);
      app.save(record);
    }
  },
  (app) => {
    const site = app.findCollectionByNameOrId('site');
    site.fields.removeByName('author_votes');
    app.save(site);
  },
);
