/// <reference path="../pb_data/types.d.ts" />
// REST-hook subscriptions for automation platforms (Zapier, Make, n8n): a webhook endpoint of kind `rest_hook`,
// owned by the API key that subscribed it (`api_key`; deleted with the key, and removed when the key is revoked:
// pb_hooks/api-keys/api-keys.js). Only pb_hooks/api-keys/rest-hooks.pb.js makes them; the same queue, signature,
// retries and attempt log deliver them (pb_hooks/webhooks/).
migrate(
  (app) => {
    const webhooks = app.findCollectionByNameOrId('webhooks');
    const kind = webhooks.fields.getByName('kind');
    if (!kind.values.includes('rest_hook')) kind.values = [...kind.values, 'rest_hook'];
    webhooks.fields.add(
      new RelationField({
        name: 'api_key',
        collectionId: app.findCollectionByNameOrId('api_keys').id,
        maxSelect: 1,
        cascadeDelete: true,
      }),
    );
    webhooks.indexes = [
      ...webhooks.indexes,
      "CREATE INDEX idx_webhooks_api_key ON webhooks (api_key) WHERE api_key != ''",
    ];
    app.save(webhooks);
  },
  (app) => {
    app.db().newQuery("DELETE FROM webhooks WHERE kind = 'rest_hook'").execute();
    const webhooks = app.findCollectionByNameOrId('webhooks');
    webhooks.indexes = webhooks.indexes.filter((index) => !index.includes('idx_webhooks_api_key'));
    webhooks.fields.removeByName('api_key');
    const kind = webhooks.fields.getByName('kind');
    kind.values = kind.values.filter((value) => value !== 'rest_hook');
    app.save(webhooks);
  },
);
