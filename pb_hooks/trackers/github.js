// GitHub Issues for a connection (tracker_connections.repository "owner/repo", a token with Issues read and
// write): REST API v3 (https://docs.github.com/en/rest/issues). Issues are keyed by number; states are "open",
// "closed:completed" and "closed:not_planned" (GitHub's state and state_reason), so Done and Declined can differ.
// CHORUS_GITHUB_API_URL points the calls at a local server speaking the same protocol (tests).
const { callTracker, TrackerError } = require(`${__hooks}/trackers/http.js`);

const STATES = [
  { key: 'open', name: 'Open' },
  { key: 'closed:completed', name: 'Closed as completed' },
  { key: 'closed:not_planned', name: 'Closed as not planned' },
];

const apiUrl = () => ($os.getenv('CHORUS_GITHUB_API_URL') || 'https://api.github.com').replace(/\/+$/, '');

function call(connection, path, method, body) {
  return callTracker({
    url: `${apiUrl()}/repos/${connection.getString('repository')}${path}`,
    method,
    body,
    headers: {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${connection.getString('token')}`,
      'x-github-api-version': '2022-11-28',
      'user-agent': 'Chorus-Trackers/1',
    },
  });
}

const stateOf = (issue) =>
  issue.state === 'closed'
    ? issue.state_reason === 'not_planned'
      ? 'closed:not_planned'
      : 'closed:completed'
    : 'open';

function issueOf(issue) {
  return {
    issue_id: String(issue.number),
    issue_key: `#${issue.number}`,
    url: String(issue.html_url || ''),
    title: String(issue.title || '').slice(0, 500),
    state: stateOf(issue),
    updated_at: String(issue.updated_at || ''),
  };
}

/** The states GitHub issues have; asking the repository first checks the token and the repository. */
function states(_app, connection) {
  call(connection, '', 'GET');
  return STATES;
}

function createIssue(_app, connection, { title, body }) {
  return issueOf(call(connection, '/issues', 'POST', { title, body }));
}

/** The issue a staff member named: "12", "#12" or its address on github.com. */
function findIssue(_app, connection, reference) {
  const text = String(reference || '').trim();
  const match =
    /^#?(\d{1,9})$/.exec(text) || /^https:\/\/github\.com\/([^/]+\/[^/]+)\/issues\/(\d{1,9})(?:[/?#].*)?$/i.exec(text);
  if (!match) throw new TrackerError('not an issue reference', 400);
  if (match.length === 3 && match[1].toLowerCase() !== connection.getString('repository').toLowerCase()) {
    throw new TrackerError('an issue of another repository', 400);
  }
  const number = match[match.length - 1];
  const issue = call(connection, `/issues/${number}`, 'GET');
  if (issue.pull_request) throw new TrackerError('a pull request, not an issue', 400);
  return issueOf(issue);
}

function postComment(_app, connection, issueId, markdown) {
  call(connection, `/issues/${encodeURIComponent(issueId)}/comments`, 'POST', { body: markdown });
}

/** What an `issues` event changed ({issue_id, state, title, url, updated_at}), or null for any other event or repository. */
function eventChange(_app, connection, event, payload) {
  if (!/^issues\.(opened|edited|closed|reopened)$/.test(event)) return null;
  const repository = String(payload?.repository?.full_name || '').toLowerCase();
  if (!payload?.issue || repository !== connection.getString('repository').toLowerCase()) return null;
  const issue = issueOf(payload.issue);
  return {
    issue_id: issue.issue_id,
    state: issue.state,
    title: issue.title,
    url: issue.url,
    updated_at: issue.updated_at,
  };
}

module.exports = { name: 'GitHub', states, createIssue, findIssue, postComment, eventChange };
