/// <reference path="../pb_data/types.d.ts" />
// The member audience's principal (issue 59): the users record the site's Worker renders signed-in plain members'
// cached pages as (src/contract/audience.ts, pb_hooks/site/audience.js). It holds nothing personal: no name, an
// address that receives no mail, a password nobody knows (sign-ins are refused anyway), role member, verified.
// Staff's list of members never shows it: the users list rule leaves it out.
const ID = 'audiencemember0';
const HIDDEN = ` && id != "${ID}"`;

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
  },
  (app) => {
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
