/// <reference path="../pb_data/types.d.ts" />
// merged_into is set only by the merge route (pb_hooks/merge.pb.js), which also moves votes and
// followers; the plain API refuses it from everyone but the operator's superusers.
const GUARD = '@request.body.merged_into:isset = false && ';

migrate(
  (app) => {
    const posts = app.findCollectionByNameOrId('posts');
    posts.createRule = GUARD + posts.createRule;
    posts.updateRule = GUARD + posts.updateRule;
    app.save(posts);
  },
  (app) => {
    const posts = app.findCollectionByNameOrId('posts');
    posts.createRule = posts.createRule.replace(GUARD, '');
    posts.updateRule = posts.updateRule.replace(GUARD, '');
    app.save(posts);
  },
);
