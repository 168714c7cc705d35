/// <reference path="../pb_data/types.d.ts" />
// An idea's staff-only custom field values ({ key: value }) beside its other staff-only numbers: the row's
// rules already let only active staff read it and write anything but the server's numbers, so no member can
// read, filter or sort by these. Checked against the board's definitions by pb_hooks/custom-fields/custom-fields.pb.js.
migrate(
  (app) => {
    const insights = app.findCollectionByNameOrId('post_insights');
    insights.fields.add(new JSONField({ name: 'fields', maxSize: 8192 }));
    app.save(insights);
  },
  (app) => {
    const insights = app.findCollectionByNameOrId('post_insights');
    insights.fields.removeByName('fields');
    app.save(insights);
  },
);
