/// <reference path="../pb_data/types.d.ts" />
// The member audience's principal (issue 59): the users record the site's Worker renders signed-in plain members'
// cached pages as (src/contract/audience.ts, pb_hooks/site/audience.js). It holds nothing personal: no name, an
// address that receives no mail, a password nobody knows (sign-ins are refused anyway), role member, verified.
// Staff's list of members never shows it: the users list rule leaves it out. A member with an idea waiting for
// review or a comment staff hid, or in a segment, sees what the principal cannot: indexes (two partial ones here) let
// each auth refresh ask that at once (site/audience.js), so such a member's pages are rendered for them.
const ID = 'audiencemember0';
const HIDDEN = ` && id != "${ID}"`;
const INDEXES = {
  posts: 'CREATE INDEX idx_posts_waiting_author ON posts (author) WHERE approved = FALSE',
  comments: 'CREATE INDEX idx_comments_hidden_author ON comments (author) WHERE hidden = TRUE',
};

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const principal = new Record(users);
    principal.set('id', ID);
    principal.set('email', 'audience-member@chorus.invalid');
    principal.set('emailVisibility', false);
    principal.set('name', '');
    principal.set('role', 'member');
    principal.set('verified', true);
    principal.setPassword($security.randomString(64));
    app.saveNoValidate(principal);
    users.listRule = `(${users.listRule})${HIDDEN}`;
    app.save(users);
    for (const [name, index] of Object.entries(INDEXES)) {
      const collection = app.findCollectionByNameOrId(name);
      collection.indexes.push(index);
      app.save(collection);
    }
  },
  (app) => {
    for (const [name, index] of Object.entries(INDEXES)) {
      const collection = app.findCollectionByNameOrId(name);
      collection.indexes = collection.indexes.filter((existing) => existing !== index);
      app.save(collection);
    }
    const users = app.findCollectionByNameOrId('users');
    const rule = String(users.listRule || '');
    if (rule.endsWith(HIDDEN)) users.listRule = rule.slice(1, -HIDDEN.length - 1);
    app.save(users);
    try {
      app.delete(app.findRecordById('users', ID));
    } catch {
      // Already gone.
    }
  },
);
