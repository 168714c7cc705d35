/// <reference path="../pb_data/types.d.ts" />
// The public copy of an idea's ETA (issue #24): `posts.eta` mirrors post_insights.eta ("2027-03" or
// "2027-Q2") while the site shows ETAs (site.show_eta), '' otherwise, kept by pb_hooks/roadmap/eta.pb.js. Public
// like the rest of the idea; no client ever writes it (create and update rules refuse the field).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  unset: (...args) =>
    ({
      '[["eta"]]': '(@request.body.eta:isset = false)',
    })[JSON.stringify(args)],
};
// The ETA pattern as this migration first stored it (snapshot of priority/eta.js): a month or quarter, or empty.
const ETA_PATTERN = '^$|^\\d{4}-(0[1-9]|1[0-2]|Q[1-4])$';
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
