/// <reference path="../pb_data/types.d.ts" />
// Webhook endpoints may subscribe to `member.deleted`: an account was erased (its id only, no personal data).
const EVENT = 'member.deleted';

migrate(
  (app) => {
    const webhooks = app.findCollectionByNameOrId('webhooks');
    const events = webhooks.fields.getByName('events');
    if (!events.values.includes(EVENT)) events.values = [...events.values, EVENT];
    events.maxSelect = events.values.length;
    app.save(webhooks);
  },
  (app) => {
    const webhooks = app.findCollectionByNameOrId('webhooks');
    const events = webhooks.fields.getByName('events');
    events.values = events.values.filter((value) => value !== EVENT);
    events.maxSelect = events.values.length;
    app.save(webhooks);
  },
);
