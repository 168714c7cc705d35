// The customer data an endpoint gets only when an admin turned on `include_customer_data` for it
// (issue #24): each idea in an event's data carries its `revenue` (post_insights: the summed monthly
// revenue of the distinct companies that voted for it) and its author's `company` { name, plan } (null
// when they have none). Every other endpoint gets the event as it is, with none of it.
const { find } = require(`${__hooks}/webhooks/payload.js`);

const IDEA_KEYS = ['idea', 'into'];

function companyOfUser(app, userId) {
  if (!userId) return null;
  try {
    const profile = app.findFirstRecordByFilter('member_profiles', 'user = {:user}', { user: userId });
    const company = find(app, 'companies', profile.getString('company'));
    return company ? { name: company.getString('name'), plan: company.getString('plan') } : null;
  } catch {
    return null;
  }
}

/** A copy of `event` whose ideas carry revenue and their author's company. */
function withCustomerData(app, event) {
  const copy = JSON.parse(JSON.stringify(event));
  for (const key of IDEA_KEYS) {
    const idea = copy.data?.[key];
    if (!idea || typeof idea !== 'object' || !idea.id) continue;
    const insights = find(app, 'post_insights', idea.id);
    idea.revenue = insights ? insights.getFloat('revenue') : 0;
    if (idea.author) idea.author.company = companyOfUser(app, idea.author.id);
  }
  return copy;
}

module.exports = { withCustomerData };
