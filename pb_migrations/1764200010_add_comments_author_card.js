/// <reference path="../pb_data/types.d.ts" />
// What a comment shows of its author, on the comment (pb_hooks/lib/author-card.js): idea pages and live
// comments read comments without `expand=author` (a realtime subscriber's expand is a query per event).
// Fills the copy once for existing comments.
const { addAuthorCard, removeAuthorCard } = require(`${__hooks}/lib/author-card.js`);

migrate(
  (app) => addAuthorCard(app, 'comments'),
  (app) => removeAuthorCard(app, 'comments'),
);
