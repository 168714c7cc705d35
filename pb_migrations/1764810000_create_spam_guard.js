/// <reference path="../pb_data/types.d.ts" />
// Spam kept out (issue 38): the admins' guard settings (blocked words and domains, the Turnstile secret: admins
// only, one record; the secret written but never read back), the Turnstile site key on the public site record, and why a post or comment is held
// (held_for, set by the server only: pb_hooks/moderation/hold.js). A held idea is an unapproved one; a held
// comment is a hidden one, so the list rules members already have keep it to its author and staff.
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
};
const HELD_FOR = ['links', 'blocked_word', 'blocked_domain'];

migrate(
  (app) => {
    const guard = new Collection({
      type: 'base',
      name: 'spam_guard',
      listRule: RULES.ACTIVE_ADMIN,
      viewRule: RULES.ACTIVE_ADMIN,
      createRule: null,
      updateRule: RULES.ACTIVE_ADMIN,
      deleteRule: null,
      fields: [
        { name: 'blocked_words', type: 'text', max: 20000 },
        { name: 'blocked_domains', type: 'text', max: 20000 },
        // hidden: no API answer carries it, an admin's included; hooks read it (pb_hooks/platform/integrations/turnstile.js)
        { name: 'turnstile_secret', type: 'text', max: 200, hidden: true },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
    });
    app.save(guard);
    app.save(new Record(guard));

    const site = app.findCollectionByNameOrId('site');
    site.fields.add(new TextField({ name: 'turnstile_site_key', max: 100, pattern: '^[A-Za-z0-9_-]*$' }));
    app.save(site);

    for (const name of ['posts', 'comments']) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.add(new SelectField({ name: 'held_for', maxSelect: 1, values: HELD_FOR }));
      app.save(collection);
    }
  },
  (app) => {
    for (const name of ['posts', 'comments']) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.removeByName('held_for');
      app.save(collection);
    }
    const site = app.findCollectionByNameOrId('site');
    site.fields.removeByName('turnstile_site_key');
    app.save(site);
    app.delete(app.findCollectionByNameOrId('spam_guard'));
  },
);
