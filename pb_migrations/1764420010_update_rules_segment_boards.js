/// <reference path="../pb_data/types.d.ts" />
// Stored rules embed RULES.boardVisible (directly, or inside postVisible and commentVisible) as it was when
// each collection was made: on an install migrated before segment boards, every copy of the old fragment,
// whatever path leads to the board ("", "board.", "post.board.", "comment.post.board." …), becomes the new
// one, so a segment's members see its board, its ideas, comments, votes and the rest like any other board.
// The two fragments as literal snapshots (a later change to pb_hooks/platform/access.js never changes this migration).
const SIGNED_IN = '@request.auth.id != ""';
const ACTIVE_STAFF =
  '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))';
const RULES = {
  boardVisibleBeforeSegments: (prefix = '') =>
    `(${prefix}visibility = "public" || (${prefix}visibility = "members" && ${SIGNED_IN}) || (${prefix}visibility = "staff" && ${ACTIVE_STAFF}))`,
  boardVisible: (prefix = '') =>
    `(${prefix}visibility = "public" || (${prefix}visibility = "members" && ${SIGNED_IN}) || (${prefix}visibility = "staff" && ${ACTIVE_STAFF}) || ` +
    `(${prefix}visibility = "segment" && (${prefix}segment.segment_members_via_segment.user ?= @request.auth.id || ${ACTIVE_STAFF})))`,
};
const RULE_NAMES = ['listRule', 'viewRule', 'createRule', 'updateRule', 'deleteRule'];
// "(<prefix>visibility = "public"": the prefixes that lead to a board in this rule.
const PREFIX = /\(([A-Za-z0-9_.]*)visibility = "public"/g;

function rewrite(app, from, to) {
  for (const collection of app.findAllCollections()) {
    let changed = false;
    for (const name of RULE_NAMES) {
      // A rule reads as a Go *string: JSON gives its text (or null).
      const rule = JSON.parse(JSON.stringify(collection[name]) ?? 'null');
      if (typeof rule !== 'string' || !rule.includes('visibility = "public"')) continue;
      let next = rule;
      const prefixes = new Set();
      PREFIX.lastIndex = 0;
      for (let m = PREFIX.exec(rule); m; m = PREFIX.exec(rule)) prefixes.add(m[1]);
      for (const prefix of prefixes) {
        next = next.split(from(prefix)).join(to(prefix));
      }
      if (next !== rule) {
        collection[name] = next;
        changed = true;
      }
    }
    if (changed) app.save(collection);
  }
}

migrate(
  (app) => rewrite(app, RULES.boardVisibleBeforeSegments, RULES.boardVisible),
  (app) => rewrite(app, RULES.boardVisible, RULES.boardVisibleBeforeSegments),
);
