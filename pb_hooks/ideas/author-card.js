// What ideas and comments show of their author, carried on the record itself (`author_name`,
// `author_avatar`: the author's name and avatar file name, or their app picture's https URL (`avatar_url`,
// single sign-on) when they uploaded none; all already public through users' empty view rule), so lists, idea pages and live comments need no `expand=author` (a second query and a user record per
// row, and per realtime subscriber). Kept exact by pb_hooks/ideas/author-card.pb.js.
const FIELDS = { author_name: 'name', author_avatar: 'avatar' };
/** The avatar a user's records carry: the uploaded file's name, else the app picture's URL. */
const avatarOf = (user) => user.getString('avatar') || user.getString('avatar_url');
/** The collections whose records carry their author's card. */
const CARRIERS = ['posts', 'comments'];

/** Copies the author's name and avatar onto `record` (before it is saved). */
function copyAuthor(app, record) {
  let user = null;
  try {
    user = app.findRecordById('users', record.getString('author'));
  } catch {
    user = null;
  }
  record.set('author_name', user ? user.getString('name') : '');
  record.set('author_avatar', user ? avatarOf(user) : '');
}

/** Does this update (before it is saved) change the author or the copy of them? */
function authorCopyTouched(record) {
  const original = record.original();
  return ['author', ...Object.keys(FIELDS)].some((field) => record.getString(field) !== original.getString(field));
}

/** What a user's records carry of them, as [name, avatar] (an avatar's file name is final once saved). */
function cardValues(user) {
  return [user.getString('name'), avatarOf(user)];
}

/** Brings every idea and comment of `user` in step, one statement each: no record hooks, no `updated`
 * change, no realtime event per record (nothing open follows an author's name live). */
function syncAuthorRecords(app, user) {
  for (const table of CARRIERS) {
    app
      .db()
      .newQuery(`UPDATE ${table} SET author_name = {:name}, author_avatar = {:avatar} WHERE author = {:id}`)
      .bind({ name: user.getString('name'), avatar: avatarOf(user), id: user.id })
      .execute();
  }
}

/** The index a rename finds a user's records by, where the collection has none on `author` yet. */
const authorIndexName = (table) => `idx_${table}_author_card`;

/** Migration up: adds the copy's fields to `collectionName` (and an index on `author`, which a rename searches
 * by, where there is none) and fills them for the records it already has. */
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

/** Migration down: removes the copy's fields. */
function removeAuthorCard(app, collectionName) {
  const collection = app.findCollectionByNameOrId(collectionName);
  for (const field of Object.keys(FIELDS)) collection.fields.removeByName(field);
  collection.removeIndex(authorIndexName(collection.name));
  app.save(collection);
}

module.exports = {
  CARRIERS,
  copyAuthor,
  authorCopyTouched,
  cardValues,
  syncAuthorRecords,
  addAuthorCard,
  removeAuthorCard,
};
