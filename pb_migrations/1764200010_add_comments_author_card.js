/// <reference path="../pb_data/types.d.ts" />
// What a comment shows of its author, on the comment (pb_hooks/lib/author-card.js): idea pages and live
// comments read comments without `expand=author` (a realtime subscriber's expand is a query per event).
// Fills the copy once for existing comments.
const { backfillSql } = require(`${__hooks}/lib/author-card.js`);

migrate(
  (app) => {
    const comments = app.findCollectionByNameOrId('comments');
    comments.fields.add(new TextField({ name: 'author_name', max: 60 }));
    comments.fields.add(new TextField({ name: 'author_avatar', max: 255 }));
    app.save(comments);
    app.db().newQuery(backfillSql('comments')).execute();
  },
  (app) => {
    const comments = app.findCollectionByNameOrId('comments');
    comments.fields.removeByName('author_name');
    comments.fields.removeByName('author_avatar');
    app.save(comments);
  },
);
