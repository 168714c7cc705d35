/// <reference path="../pb_data/types.d.ts" />
// The staff mark (issue 42): `comments.by_staff`, true when the author was a moderator or admin when writing it.
// Set by the server only (pb_hooks/staff/staff-mark.pb.js, whatever a client sends), shown as "Team" beside the name:
// a member named like staff still carries no mark. Existing comments take their author's role of today.
migrate(
  (app) => {
    const comments = app.findCollectionByNameOrId('comments');
    comments.fields.add(new BoolField({ name: 'by_staff' }));
    app.save(comments);
    app
      .db()
      .newQuery(
        "UPDATE comments SET by_staff = COALESCE((SELECT users.role IN ('moderator', 'admin') FROM users " +
          'WHERE users.id = comments.author), FALSE)',
      )
      .execute();
  },
  (app) => {
    const comments = app.findCollectionByNameOrId('comments');
    comments.fields.removeByName('by_staff');
    app.save(comments);
  },
);
