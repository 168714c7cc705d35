/// <reference path="../pb_data/types.d.ts" />
// What a list card shows of an idea's author, on the post (pb_hooks/lib/author-card.js): lists read ideas
// without `expand=author`, which cost a third of a list's CPU. Fills the copy once for existing ideas.
const { addAuthorCard, removeAuthorCard } = require(`${__hooks}/lib/author-card.js`);

migrate(
  (app) => addAuthorCard(app, 'posts'),
  (app) => removeAuthorCard(app, 'posts'),
);
