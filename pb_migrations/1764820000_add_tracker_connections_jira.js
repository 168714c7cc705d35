/// <reference path="../pb_data/types.d.ts" />
// Jira Cloud as a third kind of tracker connection (issue #39): the site's address (https://acme.atlassian.net),
// the project's key ("ENG") and, hidden beside the API token, the account email Jira's Basic auth pairs with it.
migrate(
  (app) => {
    const connections = app.findCollectionByNameOrId('tracker_connections');
    const provider = connections.fields.getByName('provider');
    if (!provider.values.includes('jira')) provider.values = [...provider.values, 'jira'];
    // Jira Cloud: the site's origin, checked further by pb_hooks/trackers/tracker-connections.pb.js (https, no path)
    connections.fields.add(new URLField({ name: 'site_url' }));
    connections.fields.add(new TextField({ name: 'project_key', max: 10, pattern: '^$|^[A-Z][A-Z0-9_]{1,9}$' }));
    // the email of the account whose API token this is: a credential, so hidden like the token
    connections.fields.add(new TextField({ name: 'account_email', max: 200, hidden: true }));
    app.save(connections);
  },
  (app) => {
    app.db().newQuery("DELETE FROM tracker_connections WHERE provider = 'jira'").execute();
    const connections = app.findCollectionByNameOrId('tracker_connections');
    for (const name of ['site_url', 'project_key', 'account_email']) connections.fields.removeByName(name);
    const provider = connections.fields.getByName('provider');
    provider.values = provider.values.filter((value) => value !== 'jira');
    app.save(connections);
  },
);
