/// <reference path="../pb_data/types.d.ts" />
// Webhook endpoints may subscribe to `idea.threshold_reached`: an alert rule fired for an idea.
const EVENT = 'idea.threshold_reached';

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
