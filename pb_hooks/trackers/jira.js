// Jira Cloud issues for a connection (tracker_connections.site_url "https://acme.atlassian.net", project_key "ENG",
// the account email and API token as Basic auth, as Atlassian documents for scripts): REST API v3
// (https://developer.atlassian.com/cloud/jira/platform/rest/v3/). Issues are keyed by their id ("10042", which a
// move to another key keeps) and shown by key ("ENG-12"); a state is a status id, or "category:<key>" for any
// status of a status category (new, indeterminate, done). Texts go as Atlassian Document Format. Chorus moves
// an issue with one of its transitions (moveIssue). CHORUS_JIRA_API_URL points the calls at a local server
// speaking the same protocol (tests), instead of the site.
const { callTracker, TrackerError } = require(`${__hooks}/trackers/http.js`);
const { base64OfText } = require(`${__hooks}/platform/base64.js`);

const ISSUE_FIELDS = 'summary,status,updated,project';
const CATEGORY = 'category:';

const apiUrl = (connection) =>
  ($os.getenv('CHORUS_JIRA_API_URL') || connection.getString('site_url')).replace(/\/+$/, '');

function call(connection, path, method, body) {
  const basic = base64OfText(`${connection.getString('account_email')}:${connection.getString('token')}`);
  return callTracker({
    url: `${apiUrl(connection)}/rest/api/3${path}`,
    method,
    body,
    headers: { authorization: `Basic ${basic}`, 'user-agent': 'Chorus-Trackers/1' },
  });
}

/** Jira's timestamps ("2021-01-18T23:45:00.000+0000") as RFC 3339, which Date.parse reads everywhere. */
function jiraTime(text) {
  const value = String(text || '').replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  return Number.isFinite(Date.parse(value)) ? new Date(Date.parse(value)).toISOString() : '';
}

const projectKeyOf = (connection) => connection.getString('project_key').toUpperCase();

function issueOf(connection, issue) {
  const project = String(issue?.fields?.project?.key || String(issue?.key || '').split('-')[0]).toUpperCase();
  if (!issue?.id || project !== projectKeyOf(connection)) throw new TrackerError('not found', 404);
  return {
    issue_id: String(issue.id),
    issue_key: String(issue.key || ''),
    url: `${connection.getString('site_url')}/browse/${encodeURIComponent(String(issue.key || ''))}`,
    title: String(issue.fields?.summary || '').slice(0, 500),
    state: String(issue.fields?.status?.id || ''),
    updated_at: jiraTime(issue.fields?.updated),
  };
}

/** Plain text with **bold** and addresses as Atlassian Document Format: a paragraph per blank-line block. */
function adf(text) {
  const inline = (line) => {
    const nodes = [];
    for (const part of line.split(/(\*\*[^*]+\*\*|https?:\/\/\S+)/)) {
      if (!part) continue;
      if (/^\*\*[^*]+\*\*$/.test(part))
        nodes.push({ type: 'text', text: part.slice(2, -2), marks: [{ type: 'strong' }] });
      else if (/^https?:\/\//.test(part))
        nodes.push({ type: 'text', text: part, marks: [{ type: 'link', attrs: { href: part } }] });
      else nodes.push({ type: 'text', text: part });
    }
    return nodes;
  };
  const content = String(text)
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const nodes = [];
      block.split('\n').forEach((line, index) => {
        if (index > 0) nodes.push({ type: 'hardBreak' });
        nodes.push(...inline(line));
      });
      return { type: 'paragraph', content: nodes };
    });
  return { type: 'doc', version: 1, content };
}

/** The project's statuses (over all its issue types, once each), then its status categories as catch-alls. */
function states(_app, connection) {
  const types = call(connection, `/project/${encodeURIComponent(projectKeyOf(connection))}/statuses`, 'GET');
  const statuses = [];
  const categories = [];
  for (const type of Array.isArray(types) ? types : []) {
    for (const status of type?.statuses || []) {
      if (!status?.id || statuses.some((s) => s.key === String(status.id))) continue;
      statuses.push({ key: String(status.id), name: String(status.name || status.id).slice(0, 100) });
      const category = status.statusCategory;
      if (category?.key && !categories.some((c) => c.key === `${CATEGORY}${category.key}`)) {
        categories.push({
          key: `${CATEGORY}${category.key}`,
          name: String(category.name || category.key).slice(0, 100),
          category: true,
        });
      }
    }
  }
  return statuses.concat(categories);
}

function getIssue(connection, keyOrId) {
  return issueOf(connection, call(connection, `/issue/${encodeURIComponent(keyOrId)}?fields=${ISSUE_FIELDS}`, 'GET'));
}

/** A new issue of the project's first standard issue type ("Task" when it has one). */
function createIssue(_app, connection, { title, body }) {
  const project = call(connection, `/project/${encodeURIComponent(projectKeyOf(connection))}`, 'GET');
  const types = (project?.issueTypes || []).filter((type) => !type.subtask && Number(type.hierarchyLevel || 0) === 0);
  const type = types.find((t) => t.name === 'Task') || types[0];
  if (!type) throw new TrackerError('the project has no issue type to create', 400);
  const created = call(connection, '/issue', 'POST', {
    fields: {
      project: { key: projectKeyOf(connection) },
      issuetype: { id: String(type.id) },
      summary: title,
      description: adf(body),
    },
  });
  if (!created?.id) throw new TrackerError('refused to create the issue', 400);
  return getIssue(connection, String(created.id));
}

/** The issue a staff member named: its key ("ENG-12") or its address on the site (…/browse/ENG-12). */
function findIssue(_app, connection, reference) {
  const text = String(reference || '').trim();
  const site = connection.getString('site_url').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match =
    /^([A-Za-z][A-Za-z0-9_]{1,9}-\d{1,9})$/.exec(text) ||
    new RegExp(`^${site}/browse/([A-Za-z][A-Za-z0-9_]{1,9}-\\d{1,9})(?:[/?#].*)?$`, 'i').exec(text);
  if (!match) throw new TrackerError('not an issue reference', 400);
  const key = match[1].toUpperCase();
  if (key.split('-')[0] !== projectKeyOf(connection)) throw new TrackerError('an issue of another project', 400);
  return getIssue(connection, key);
}

function postComment(_app, connection, issueId, markdown) {
  call(connection, `/issue/${encodeURIComponent(issueId)}/comment`, 'POST', { body: adf(markdown) });
}

/**
 * Moves the issue to one of `targets` (status ids) with a transition its workflow offers now; returns why not
 * when none leads there (the workflow decides, not Chorus), '' when moved.
 */
function moveIssue(_app, connection, issueId, targets) {
  const answer = call(connection, `/issue/${encodeURIComponent(issueId)}/transitions`, 'GET');
  const transition = (answer?.transitions || []).find(
    (t) => t?.id && targets.indexOf(String(t.to?.id || '')) !== -1 && t.isAvailable !== false,
  );
  if (!transition) return 'no transition of the issue leads to a mapped status';
  call(connection, `/issue/${encodeURIComponent(issueId)}/transitions`, 'POST', {
    transition: { id: String(transition.id) },
  });
  return '';
}

/**
 * What a `jira:issue_created` or a `jira:issue_updated` whose changelog changes the status moved
 * ({issue_id, state, category, title, url, updated_at}), or null for any other event, edit or project.
 */
function eventChange(_app, connection, event, payload) {
  if (event !== 'jira:issue_created' && event !== 'jira:issue_updated') return null;
  const issue = payload?.issue;
  if (event === 'jira:issue_updated') {
    const items = payload?.changelog?.items;
    if (!Array.isArray(items) || !items.some((item) => item?.field === 'status' || item?.fieldId === 'status')) {
      return null;
    }
  }
  let found;
  try {
    found = issueOf(connection, issue);
  } catch {
    return null;
  }
  if (!found.state) return null;
  const category = issue.fields?.status?.statusCategory?.key;
  const at = found.updated_at || (Number.isFinite(payload?.timestamp) ? new Date(payload.timestamp).toISOString() : '');
  return {
    issue_id: found.issue_id,
    state: found.state,
    category: category ? `${CATEGORY}${category}` : '',
    title: found.title,
    url: found.url,
    updated_at: at,
  };
}

/**
 * Refuses a Jira connection without a usable site address or project key; keeps the site as its origin, and forgets
 * the credentials when an update points the connection at another site.
 */
function checkJiraFields(e) {
  if (e.record.getString('provider') !== 'jira') return;
  const site = e.record.getString('site_url').trim();
  const match = /^https:\/\/([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+)(:\d{1,5})?\/?$/.exec(site);
  const errors = {};
  if (!match) {
    errors.site_url = new ValidationError('validation_invalid_url', 'Give the site as https://<name>.atlassian.net.');
  } else e.record.set('site_url', site.replace(/\/$/, '').toLowerCase());
  if (!e.record.getString('project_key')) {
    errors.project_key = new ValidationError('validation_required', 'Cannot be blank.');
  }
  if (Object.keys(errors).length > 0) throw new BadRequestError('', errors);
  // A token was given for one site: pointed at another, the connection needs its credentials pasted again.
  if (!e.record.isNew() && e.record.original().getString('site_url') !== e.record.getString('site_url')) {
    if (e.record.original().getString('token') === e.record.getString('token')) e.record.set('token', '');
    if (e.record.original().getString('account_email') === e.record.getString('account_email')) {
      e.record.set('account_email', '');
    }
  }
}

module.exports = {
  name: 'Jira',
  states,
  createIssue,
  findIssue,
  postComment,
  moveIssue,
  eventChange,
  checkJiraFields,
  adf,
  jiraTime,
};
