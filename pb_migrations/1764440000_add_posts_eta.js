/// <reference path="../pb_data/types.d.ts" />
// The public copy of an idea's ETA (issue #24): `posts.eta` mirrors post_insights.eta ("2027-03" or
// "2027-Q2") while the site shows ETAs (site.show_eta), '' otherwise, kept by pb_hooks/eta.pb.js. Public
// like the rest of the idea; no client ever writes it (create and update rules refuse the field).
const { RULES } = require(`${__hooks}/lib/access.js`);
const { ETA_PATTERN } = require(`${__hooks}/lib/eta.js`);
const GUARD = RULES.unset(['eta']);

migrate(
  (app) => {
    const posts = app.findCollectionByNameOrId('posts');
    posts.fields.add(new TextField({ name: 'eta', max: 7, pattern: ETA_PATTERN }));
    posts.createRule = `${GUARD} && ${posts.createRule}`;
    posts.updateRule = `${GUARD} && ${posts.updateRule}`;
    app.save(posts);
    const [site] = app.findRecordsByFilter('site', '', '', 1, 0);
    if (site?.getBool('show_eta')) {
      app
        .db()
        .newQuery("UPDATE posts SET eta = COALESCE((SELECT eta FROM post_insights i WHERE i.id = posts.id), '')")
        .execute();
    }
  },
  (app) => {
    const posts = app.findCollectionByNameOrId('posts');
    posts.fields.removeByName('eta');
    posts.createRule = posts.createRule.replace(`${GUARD} && `, '');
    posts.updateRule = posts.updateRule.replace(`${GUARD} && `, '');
    app.save(posts);
  },
);
