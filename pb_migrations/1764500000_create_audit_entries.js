/// <reference path="../pb_data/types.d.ts" />
// The staff audit log (issue #25, item 3): one row per staff or admin action, with who, what, the values
// before and after, when and from which client address. Only the server writes it (pb_hooks/audit/audit.js);
// admins read it; no client, superusers included, may create, change or delete a row through the API
// (pb_hooks/audit/audit.pb.js refuses it); old rows are removed after site.audit_retention_days (0 = kept forever).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
};
const { ACTIVE_ADMIN } = RULES;

migrate(
  (app) => {
    const audit = new Collection({
      type: 'base',
      name: 'audit_entries',
      listRule: ACTIVE_ADMIN,
      viewRule: ACTIVE_ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        // The staff member (kept as a name too, so the trail survives their account's erasure).
        {
          name: 'actor',
          type: 'relation',
          collectionId: app.findCollectionByNameOrId('users').id,
          maxSelect: 1,
          cascadeDelete: false,
        },
        { name: 'actor_name', type: 'text', max: 200 },
        { name: 'actor_role', type: 'text', max: 20 },
        // How the action arrived: 'site' (a staff member's session), 'superuser' (PocketBase's admin UI or a
        // superuser token), later 'api_key:<name>'.
        { name: 'via', type: 'text', max: 200 },
        // A dotted name, e.g. 'post.status', 'post.merge', 'member.role', 'settings.update'.
        { name: 'action', type: 'text', required: true, max: 100 },
        { name: 'target_collection', type: 'text', max: 100 },
        { name: 'target_id', type: 'text', max: 100 },
        { name: 'target_label', type: 'text', max: 300 },
        { name: 'before', type: 'json', maxSize: 65536 },
        { name: 'after', type: 'json', maxSize: 65536 },
        { name: 'ip', type: 'text', max: 100 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
      ],
      indexes: [
        'CREATE INDEX idx_audit_entries_created ON audit_entries (created)',
        'CREATE INDEX idx_audit_entries_action ON audit_entries (action, created)',
        'CREATE INDEX idx_audit_entries_actor ON audit_entries (actor, created)',
        'CREATE INDEX idx_audit_entries_target ON audit_entries (target_collection, target_id, created)',
      ],
    });
    app.save(audit);

    const site = app.findCollectionByNameOrId('site');
    site.fields.add(new NumberField({ name: 'audit_retention_days', onlyInt: true, min: 0, max: 3650 }));
    app.save(site);
    for (const record of app.findAllRecords('site')) {
      record.set('audit_retention_days', 365);
      app.save(record);
    }
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('audit_entries'));
    const site = app.findCollectionByNameOrId('site');
    site.fields.removeByName('audit_retention_days');
    app.save(site);
  },
);
