/// <reference path="../pb_data/types.d.ts" />
// An idea's comments a page at a time (issue 35, pb_hooks/comments/comment-pages.js): comments (post,
// created, id) replaces (post, created), so a page that starts after a given comment (created, then id on a
// tie) walks the index in order and stops after one page, however many comments the idea holds.
const OLD = 'CREATE INDEX idx_comments_post_created ON comments (post, created)';
const NEW = 'CREATE INDEX idx_comments_post_created ON comments (post, created, id)';

const replaceIndex = (app, from, to) => {
  const comments = app.findCollectionByNameOrId('comments');
  comments.indexes = comments.indexes.map((each) => (each === from ? to : each));
  app.save(comments);
};

migrate(
  (app) => replaceIndex(app, OLD, NEW),
  (app) => replaceIndex(app, NEW, OLD),
);
