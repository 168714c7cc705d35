/// <reference path="../pb_data/types.d.ts" />
// What a list card shows of an idea's author, on the post (pb_hooks/lib/author-card.js): lists read ideas
// without `expand=author`, which cost a third of a list's CPU. Fills the copy once for existing ideas.
const { backfillSql } = require(`${__hooks}/lib/author-card.js`);

migrate(
  (app) => {
    const posts = app.findCollectionByNameOrId('posts');
    posts.fields.add(new TextField({ name: 'author_name', max: 60 }));
    posts.fields.add(new TextField({ name: 'author_avatar', max: 255 }));
    app.save(posts);
    app.db().newQuery(backfillSql('posts')).execute();
  },
  (app) => {
    const posts = app.findCollectionByNameOrId('posts');
    posts.fields.removeByName('author_name');
    posts.fields.removeByName('author_avatar');
    app.save(posts);
  },
);
