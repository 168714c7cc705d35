/// <reference path="../pb_data/types.d.ts" />
// Segment audiences (issue 59, src/contract/audience.ts): a member in one segment with a board of its own shares that
// segment's cached copy, rendered as the segment's principal, a users record PocketBase makes when the site's Worker
// first asks for its token (pb_hooks/site/audience.js). `audience_segment` names the segment it is the principal of;
// it is hidden, so PocketBase drops it from any client's body but a superuser's (apis/record_crud.go: no member sets
// it on themselves, nor an admin on anyone); deleting the segment deletes its principal.
// Every stored rule that lets a segment's members see its board lets the segment's principal see it too, by a
// comparison with a column of the member row PocketBase already joins for `@request.auth` (no join more, and never
// a row in segment_members: the principal is counted in no segment, asked no question and sent no alert).
// Staff's list of members is left as it was: a clause on this field there made staff's segment filter, which joins
// every voter through that rule, ten times slower (2.9 s to 28.7 s on the large-board test's 30,000 votes).
const FIELD = 'audience_segment';
const INDEX = `CREATE UNIQUE INDEX idx_users_audience_segment ON users (${FIELD}) WHERE ${FIELD} != ''`;
const RULE_NAMES = ['listRule', 'viewRule', 'createRule', 'updateRule', 'deleteRule'];
// "<path>segment.segment_members_via_segment.user ?= @request.auth.id", whatever path leads to the board's segment.
const MEMBERS_OF = /(^|[\s(])((?:[A-Za-z0-9_]+\.)*segment)\.segment_members_via_segment\.user \?= @request\.auth\.id/g;
const PRINCIPAL_OF = (segment) => `(${segment} != "" && ${segment} = @request.auth.${FIELD})`;
const ADDED =
  /((?:[A-Za-z0-9_]+\.)*segment)\.segment_members_via_segment\.user \?= @request\.auth\.id \|\| \(\1 != "" && \1 = @request\.auth\.audience_segment\)/g;

/** A rule as a string (a Go *string reads as its text, or null). */
const ruleOf = (collection, name) => JSON.parse(JSON.stringify(collection[name]) ?? 'null');

function rewriteRules(app, rewrite) {
  for (const collection of app.findAllCollections()) {
    let changed = false;
    for (const name of RULE_NAMES) {
      const rule = ruleOf(collection, name);
      if (typeof rule !== 'string' || !rule.includes('segment_members_via_segment')) continue;
      const next = rewrite(rule);
      if (next !== rule) {
        collection[name] = next;
        changed = true;
      }
    }
    if (changed) app.save(collection);
  }
}

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const segments = app.findCollectionByNameOrId('segments');
    users.fields.add(
      new RelationField({ name: FIELD, collectionId: segments.id, maxSelect: 1, cascadeDelete: true, hidden: true }),
    );
    users.indexes.push(INDEX);
    app.save(users);
    rewriteRules(app, (rule) =>
      rule.replace(MEMBERS_OF, (_, lead, segment) => {
        return `${lead}${segment}.segment_members_via_segment.user ?= @request.auth.id || ${PRINCIPAL_OF(segment)}`;
      }),
    );
  },
  (app) => {
    rewriteRules(app, (rule) => rule.replace(ADDED, '$1.segment_members_via_segment.user ?= @request.auth.id'));
    const users = app.findCollectionByNameOrId('users');
    users.indexes = users.indexes.filter((index) => index !== INDEX);
    app.save(users);
    for (const principal of app.findRecordsByFilter('users', `${FIELD} != ""`, '', 0, 0)) app.delete(principal);
    users.fields.removeByName(FIELD);
    app.save(users);
  },
);
