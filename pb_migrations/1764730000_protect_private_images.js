/// <reference path="../pb_data/types.d.ts" />
// Images of ideas, comments and changelog entries are protected files: PocketBase serves one only to whom the
// record's view rule lets read it, as a visitor without a token or as the member a file token names (so the
// images of an idea on a staff or segment board, or of an internal or hidden comment, are no longer public
// to anyone holding the address). Avatars and the site's logo stay public. A snapshot: the fields are listed here.
const FIELDS = [
  ['posts', 'images'],
  ['comments', 'images'],
  ['changelog_entries', 'cover'],
];

function setProtected(app, value) {
  for (const [name, fieldName] of FIELDS) {
    const collection = app.findCollectionByNameOrId(name);
    collection.fields.getByName(fieldName).protected = value;
    app.save(collection);
  }
}

migrate(
  (app) => setProtected(app, true),
  (app) => setProtected(app, false),
);
