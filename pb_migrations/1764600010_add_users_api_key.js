/// <reference path="../pb_data/types.d.ts" />
// The service member behind an API key points to its key (hidden: nobody but superusers reads it). Hooks tell a
// key's requests apart by it (pb_hooks/api-keys/api-keys.js): for its rate limit, its read-only refusal and the
// audit log's "via".
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const keys = app.findCollectionByNameOrId('api_keys');
    users.fields.add(
      new RelationField({ name: 'api_key', collectionId: keys.id, maxSelect: 1, cascadeDelete: false, hidden: true }),
    );
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.removeByName('api_key');
    app.save(users);
  },
);
