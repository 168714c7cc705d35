// Feedback items as the staff inbox shows them (GET /api/chorus/feedback…): each with who said it (the matched
// customer, their company, plan and monthly revenue, read now so a changed company shows at once), the suggested
// ideas with their titles and votes (merged or deleted ones left out), the idea it was linked to, who acted, and whether
// the customer was told of the idea's progress (feedback/answers/view.js).
// Staff only: the callers check (pb_hooks/feedback/feedback.pb.js).
const { SOURCES } = require(`${__hooks}/feedback/capture.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);
const STATUSES = ['new', 'linked', 'dismissed'];
const PAGE = 100;

function byIds(app, collection, ids) {
  const unique = [...new Set(ids.filter(Boolean))];
  const found = {};
  if (unique.length === 0) return found;
  for (const record of app.findRecordsByIds(collection, unique)) found[record.id] = record;
  return found;
}

/** Each member's company, by member id: { name, plan, monthly_revenue }. */
function companiesOf(app, memberIds) {
  const out = {};
  const profiles = require(`${__hooks}/platform/records.js`).recordsWhereIn(app, 'member_profiles', 'user', memberIds);
  const companies = byIds(
    app,
    'companies',
    profiles.map((profile) => profile.getString('company')),
  );
  for (const profile of profiles) {
    const company = companies[profile.getString('company')];
    if (!company) continue;
    out[profile.getString('user')] = {
      name: company.getString('name'),
      plan: company.getString('plan'),
      monthly_revenue: company.getFloat('monthly_revenue'),
    };
  }
  return out;
}

const suggestionsOf = (item) => {
  try {
    const list = JSON.parse(toString(item.get('suggestions')) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
};

/** The items as the inbox shows them, in their order. */
function describeItems(app, items) {
  const people = byIds(
    app,
    'users',
    items.flatMap((item) => [item.getString('member'), item.getString('captured_by'), item.getString('acted_by')]),
  );
  const ideas = byIds(
    app,
    'posts',
    items.flatMap((item) => [item.getString('idea'), ...suggestionsOf(item).map((one) => String(one.id))]),
  );
  const companies = companiesOf(
    app,
    items.map((item) => item.getString('member')),
  );
  // Only a linked item can have been answered: a list of waiting items asks nothing more.
  const told = require(`${__hooks}/feedback/answers/view.js`).answersByItem(
    app,
    items.filter((item) => item.getString('status') === 'linked').map((item) => item.id),
  );
  const name = (id) => (people[id] ? { id, name: people[id].getString('name') } : null);
  const idea = (id) => {
    const post = ideas[id];
    if (!post) return null;
    return {
      id,
      title: post.getString('title'),
      vote_count: post.getInt('vote_count'),
      status: post.getString('status'),
    };
  };
  return items.map((item) => ({
    id: item.id,
    source: item.getString('source'),
    source_url: item.getString('source_url'),
    author_email: item.getString('author_email'),
    author_name: item.getString('author_name'),
    member: name(item.getString('member')),
    company: companies[item.getString('member')] || null,
    title: item.getString('title'),
    quote: item.getString('quote'),
    note: item.getString('note'),
    summary: item.getString('summary_title')
      ? {
          title: item.getString('summary_title'),
          need: item.getString('summary_need'),
          by: item.getString('summary_by'),
          pending: item.getString('summary_state') === 'pending',
        }
      : null,
    status: item.getString('status'),
    suggestions: suggestionsOf(item)
      .map((one) => {
        const found = ideas[String(one.id)];
        return found && !found.getString('merged_into')
          ? { ...idea(String(one.id)), score: Number(one.score) || 0, via: String(one.via || '') }
          : null;
      })
      .filter(Boolean),
    idea: idea(item.getString('idea')),
    captured_by: name(item.getString('captured_by')),
    acted_by: name(item.getString('acted_by')),
    acted_at: item.getString('acted_at'),
    told: told[item.id] || [],
    created: item.getString('created'),
  }));
}

/** How many items wait (status new) per source: { mail: 2, slack: 0 }. */
function countsBySource(app) {
  const rows = rowsOf(app, "SELECT source, COUNT(*) AS n FROM feedback_items WHERE status = 'new' GROUP BY source", {
    source: '',
    n: 0,
  });
  const counts = Object.fromEntries(SOURCES.map((source) => [source, 0]));
  for (const row of rows) counts[row.source] = row.n;
  return counts;
}

/**
 * A page of items (newest first) with status `status` ('new' unless told) from `source` ('' for any); with `told`,
 * the latest answers too (the page's first load shows them; an open inbox's refresh does not).
 */
function listItems(app, { status = 'new', source = '', told = false } = {}) {
  const filters = ['status = {:status}'];
  if (source) filters.push('source = {:source}');
  const items = app.findRecordsByFilter('feedback_items', filters.join(' && '), '-created', PAGE, 0, {
    status: STATUSES.includes(status) ? status : 'new',
    source,
  });
  const list = { items: describeItems(app, items), counts: countsBySource(app) };
  return told ? { ...list, told: require(`${__hooks}/feedback/answers/view.js`).recentAnswers(app) } : list;
}

module.exports = { describeItems, listItems, suggestionsOf, STATUSES };
