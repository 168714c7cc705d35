/// <reference path="../pb_data/types.d.ts" />
// Customer data (an idea's revenue, its author's company and plan) reaches a webhook endpoint only when an
// admin turns it on for that endpoint (issue #24): off for every endpoint, existing ones included.
migrate(
  (app) => {
    const webhooks = app.findCollectionByNameOrId('webhooks');
    webhooks.fields.add(new BoolField({ name: 'include_customer_data' }));
    app.save(webhooks);
  },
  (app) => {
    const webhooks = app.findCollectionByNameOrId('webhooks');
    webhooks.fields.removeByName('include_customer_data');
    app.save(webhooks);
  },
);
