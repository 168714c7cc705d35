/// <reference path="../pb_data/types.d.ts" />
// An idea's public custom field values ({ key: value }), readable by whoever reads the idea; written by its
// author and staff, checked against the board's definitions by pb_hooks/custom-fields/custom-fields.pb.js.
migrate(
  (app) => {
    const posts = app.findCollectionByNameOrId('posts');
    posts.fields.add(new JSONField({ name: 'fields', maxSize: 8192 }));
    app.save(posts);
  },
  (app) => {
    const posts = app.findCollectionByNameOrId('posts');
    posts.fields.removeByName('fields');
    app.save(posts);
  },
);
