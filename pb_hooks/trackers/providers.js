// The tracker behind a connection (tracker_connections.provider), each in its own file with the same interface:
// states, createIssue, findIssue, postComment, eventChange, and the tracker's name; moveIssue
// where Chorus moves the issue when staff change the idea's status (Jira).
const PROVIDERS = ['github', 'linear', 'jira'];

function providerOf(connection) {
  const name = connection.getString('provider');
  if (PROVIDERS.indexOf(name) === -1) throw new Error(`unknown tracker ${name}`);
  return require(`${__hooks}/trackers/${name}.js`);
}

module.exports = { PROVIDERS, providerOf };
