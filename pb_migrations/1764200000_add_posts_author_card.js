/// <reference path="../pb_data/types.d.ts" />
// What a list card shows of an idea's author, on the post (pb_hooks/ideas/author-card.js): lists read ideas
// without `expand=author`, which cost a third of a list's CPU. Fills the copy once for existing ideas.
// The author card's fields as these migrations first added them (a snapshot of ideas/author-card.js's schema step).
const authorIndexName = (table) => `idx_${table}_author_card`;

function addAuthorCard(app, collectionName) {
  const collection = app.findCollectionByNameOrId(collectionName);
  collection.fields.add(new TextField({ name: 'author_name', max: 60 }));
  collection.fields.add(new TextField({ name: 'author_avatar', max: 255 }));
  if (!collection.indexes.some((index) => /\(\s*`?author`?\s*[,)]/.test(index))) {
    collection.addIndex(authorIndexName(collection.name), false, 'author', '');
  }
  app.save(collection);
  const table = collection.name;
  app
    .db()
    .newQuery(
      `UPDATE ${table} SET author_name = COALESCE((SELECT name FROM users WHERE users.id = ${table}.author), ''), ` +
        `author_avatar = COALESCE((SELECT avatar FROM users WHERE users.id = ${table}.author), '')`,
    )
    .execute();
}

function removeAuthorCard(app, collectionName) {
  const collection = app.findCollectionByNameOrId(collectionName);
  for (const field of ['author_name', 'author_avatar']) collection.fields.removeByName(field);
  collection.removeIndex(authorIndexName(collection.name));
  app.save(collection);
}

migrate(
  (app) => addAuthorCard(app, 'posts'),
  (app) => removeAuthorCard(app, 'posts'),
);
