/// <reference path="../pb_data/types.d.ts" />
// When the tracker last changed the linked issue, as the tracker reported it (GitHub `updated_at`, Linear
// `updatedAt`), so an event that arrives after a newer one (a redelivery, a retry) cannot undo it.
migrate(
  (app) => {
    const links = app.findCollectionByNameOrId('tracker_links');
    links.fields.add(new DateField({ name: 'issue_updated_at' }));
    app.save(links);
  },
  (app) => {
    const links = app.findCollectionByNameOrId('tracker_links');
    links.fields.removeByName('issue_updated_at');
    app.save(links);
  },
);
