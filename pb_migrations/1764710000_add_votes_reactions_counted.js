/// <reference path="../pb_data/types.d.ts" />
// Only confirmed people count (issue 42): `counted` on votes and reactions, set by the server only
// (pb_hooks/votes/counted.js, whatever a client sends): false for a member whose email is not confirmed while the
// site holds unverified members' votes. Counts, worth, milestones and what the public sees read counted rows
// only; a reaction that does not count is listed, viewed and streamed to its own member alone. Rows already
// there count, as they did.
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const COMMENT_VISIBLE =
  '(((comment.post.board.visibility = "public" || (comment.post.board.visibility = "members" && @request.auth.id != "") || (comment.post.board.visibility = "staff" && (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))) || (comment.post.board.visibility = "segment" && (comment.post.board.segment.segment_members_via_segment.user ?= @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))) && (comment.post.approved = true || comment.post.author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin")))) && (comment.internal = false || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))) && (comment.hidden = false || comment.author = @request.auth.id || (@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))))';
const COUNTED_OR_OWN = '(counted = true || user = @request.auth.id)';

migrate(
  (app) => {
    for (const name of ['votes', 'reactions']) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.add(new BoolField({ name: 'counted' }));
      app.save(collection);
      app.db().newQuery(`UPDATE ${name} SET counted = TRUE`).execute();
    }
    const reactions = app.findCollectionByNameOrId('reactions');
    reactions.listRule = `${COUNTED_OR_OWN} && ${COMMENT_VISIBLE}`;
    reactions.viewRule = `${COUNTED_OR_OWN} && ${COMMENT_VISIBLE}`;
    app.save(reactions);
  },
  (app) => {
    const reactions = app.findCollectionByNameOrId('reactions');
    reactions.listRule = COMMENT_VISIBLE;
    reactions.viewRule = COMMENT_VISIBLE;
    app.save(reactions);
    for (const name of ['votes', 'reactions']) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.removeByName('counted');
      app.save(collection);
    }
  },
);
