/// <reference path="../pb_data/types.d.ts" />
// An idea's comments a page at a time, oldest first, as the comments' list rule lets the caller see them. (A
// comment's counting, the commenter's follow and edited_at are Go's: server/cmd/pocketbase/comments.go.)
routerAdd('GET', '/api/chorus/posts/{id}/comments', (e) =>
  require(`${__hooks}/lib/comments/comment-pages.js`).commentPage(e),
);
