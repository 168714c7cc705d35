// Linear issues for a connection (tracker_connections.team_id and team_key, a personal API key or OAuth token):
// its GraphQL API (https://linear.app/developers/graphql). Issues are keyed by their id (uuid) and shown by
// identifier ("ENG-12"); a state is a workflow state's id. CHORUS_LINEAR_API_URL points the calls at a local
// server speaking the same protocol (tests).
const { callTracker, TrackerError } = require(`${__hooks}/trackers/http.js`);

const apiUrl = () => $os.getenv('CHORUS_LINEAR_API_URL') || 'https://api.linear.app/graphql';
const ISSUE_FIELDS = 'id identifier url title updatedAt state { id name } team { id }';

function query(connection, text, variables) {
  const token = connection.getString('token');
  const answer = callTracker({
    url: apiUrl(),
    method: 'POST',
    body: { query: text, variables },
    // Personal API keys go bare; OAuth access tokens as a bearer token (Linear's docs, "Authentication").
    headers: {
      authorization: token.startsWith('lin_api_') ? token : `Bearer ${token}`,
      'user-agent': 'Chorus-Trackers/1',
    },
  });
  if (answer?.errors?.length) {
    const message = String(answer.errors[0]?.message || 'error').slice(0, 200);
    throw new TrackerError(
      /not found|entity not found/i.test(message) ? 'not found' : message,
      /not found/i.test(message) ? 404 : 400,
    );
  }
  return answer?.data || {};
}

function issueOf(connection, issue) {
  if (!issue || issue.team?.id !== connection.getString('team_id')) throw new TrackerError('not found', 404);
  return {
    issue_id: String(issue.id),
    issue_key: String(issue.identifier || ''),
    url: String(issue.url || ''),
    title: String(issue.title || '').slice(0, 500),
    state: String(issue.state?.id || ''),
    updated_at: String(issue.updatedAt || ''),
  };
}

/** The team's workflow states, in Linear's order. */
function states(_app, connection) {
  const data = query(
    connection,
    'query TeamStates($id: String!) { team(id: $id) { id key states { nodes { id name type position } } } }',
    { id: connection.getString('team_id') },
  );
  if (!data.team) throw new TrackerError('not found', 404);
  return (data.team.states?.nodes || [])
    .slice()
    .sort((a, b) => Number(a.position) - Number(b.position))
    .map((state) => ({ key: String(state.id), name: String(state.name).slice(0, 100) }));
}

function createIssue(_app, connection, { title, body }) {
  const data = query(
    connection,
    `mutation IssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { ${ISSUE_FIELDS} } } }`,
    { input: { teamId: connection.getString('team_id'), title, description: body } },
  );
  if (!data.issueCreate?.success) throw new TrackerError('refused to create the issue', 400);
  return issueOf(connection, data.issueCreate.issue);
}

/** The issue a staff member named: its identifier ("ENG-12") or its address on linear.app. */
function findIssue(_app, connection, reference) {
  const text = String(reference || '').trim();
  const match =
    /^([A-Za-z][A-Za-z0-9]{0,9}-\d{1,9})$/.exec(text) ||
    /^https:\/\/linear\.app\/[^/]+\/issue\/([A-Za-z][A-Za-z0-9]{0,9}-\d{1,9})(?:[/?#].*)?$/.exec(text);
  if (!match) throw new TrackerError('not an issue reference', 400);
  const data = query(connection, `query Issue($id: String!) { issue(id: $id) { ${ISSUE_FIELDS} } }`, {
    id: match[1].toUpperCase(),
  });
  return issueOf(connection, data.issue);
}

function postComment(_app, connection, issueId, markdown) {
  const data = query(
    connection,
    'mutation CommentCreate($input: CommentCreateInput!) { commentCreate(input: $input) { success comment { id } } }',
    { input: { issueId, body: markdown } },
  );
  if (!data.commentCreate?.success) throw new TrackerError('refused the comment', 400);
}

/** What an Issue webhook changed ({issue_id, state, title, url, updated_at}), or null for anything else or another team. */
function eventChange(_app, connection, _event, payload) {
  const data = payload?.data;
  if (payload?.type !== 'Issue' || !['create', 'update'].includes(payload?.action) || !data) return null;
  const teamId = data.teamId || data.team?.id;
  if (teamId !== connection.getString('team_id')) return null;
  const state = data.stateId || data.state?.id;
  if (!data.id || !state) return null;
  return {
    issue_id: String(data.id),
    state: String(state),
    title: String(data.title || '').slice(0, 500),
    url: String(data.url || ''),
    updated_at: String(data.updatedAt || ''),
  };
}

module.exports = { name: 'Linear', states, createIssue, findIssue, postComment, eventChange };
