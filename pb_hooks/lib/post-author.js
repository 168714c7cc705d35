// What a list card shows of an idea's author, carried on the post itself (`author_name`, `author_avatar`:
// the author's name and avatar file name, both already public through users' empty view rule), so lists
// need no `expand=author` (a second query and a user record per idea). Kept exact by pb_hooks/post-author.pb.js.
const FIELDS = { author_name: 'name', author_avatar: 'avatar' };

/** Copies the author's name and avatar onto `post` (before it is saved). */
function copyAuthor(app, post) {
  let user = null;
  try {
    user = app.findRecordById('users', post.getString('author'));
  } catch {
    user = null;
  }
  for (const [field, source] of Object.entries(FIELDS)) post.set(field, user ? user.getString(source) : '');
}

/** Does this update of a post (before it is saved) change its author or the copy of them? */
function authorCopyTouched(post) {
  const original = post.original();
  return ['author', ...Object.keys(FIELDS)].some((field) => post.getString(field) !== original.getString(field));
}

/** What a user's posts carry of them, as [name, avatar] (an avatar's file name is final once saved). */
function cardValues(user) {
  return Object.values(FIELDS).map((field) => user.getString(field));
}

/** Brings every post of `user` in step in one statement: no post hooks, no `updated` change, no realtime
 * event per post (nothing live shows an author's name). */
function syncAuthorPosts(app, user) {
  app
    .db()
    .newQuery('UPDATE posts SET author_name = {:name}, author_avatar = {:avatar} WHERE author = {:id}')
    .bind({ name: user.getString('name'), avatar: user.getString('avatar'), id: user.id })
    .execute();
}

/** The whole copy, for a migration on a database that already has ideas. */
const BACKFILL_SQL =
  "UPDATE posts SET author_name = COALESCE((SELECT name FROM users WHERE users.id = posts.author), ''), " +
  "author_avatar = COALESCE((SELECT avatar FROM users WHERE users.id = posts.author), '')";

module.exports = { copyAuthor, authorCopyTouched, cardValues, syncAuthorPosts, BACKFILL_SQL };
