// The Zendesk source's reader: the ticket a signed webhook named, read from Zendesk's own API (never the payload's
// words), to one capture input for feedback/capture.js: its id `ticket:comment`, the agent's link to the ticket, its
// requester's email and name, and the words of the comment sent (the one the payload names, else the ticket's first
// public comment), with the agent who sent it when that agent is Chorus staff. Ignored when the ticket does not carry
// the capture tag, cannot be read, or its requester's tickets passed the hour's limit (platform/limits.js).
const { zendeskTicket, ticketComments, zendeskUser, agentTicketUrl } = require(
  `${__hooks}/feedback/sources/zendesk/api.js`,
);
const { staffByEmail } = require(`${__hooks}/feedback/sources/vendor-api.js`);
const { take } = require(`${__hooks}/platform/limits.js`);

const ID = /^\d{1,20}$/;

/** The comment captured: the one named (when it is on this ticket), else the first public one, else the first. */
function chosenComment(comments, commentId) {
  const named = ID.test(String(commentId || '')) ? comments.find((one) => String(one.id) === String(commentId)) : null;
  return named || comments.find((one) => one.public === true) || comments[0] || null;
}

/** The Chorus staff account of a Zendesk agent (an agent or admin, not suspended, whose email is active staff). */
function staffOf(app, settings, agentId) {
  if (!ID.test(String(agentId || ''))) return null;
  const agent = zendeskUser(app, settings, agentId);
  if (!agent || agent.suspended || !['agent', 'admin'].includes(agent.role)) return null;
  return staffByEmail(app, agent.email);
}

/**
 * `payload`: the webhook's JSON body ({ ticket_id, comment_id?, agent_id? }, the template of
 * docs/…/integrations/zendesk.md). Answers { input } for captureFeedback, or { ignored: why }.
 */
function readTicket(app, settings, payload) {
  const ticketId = String(payload?.ticket_id ?? '');
  if (!ID.test(ticketId)) return { ignored: 'no ticket id' };
  const ticket = zendeskTicket(app, settings, ticketId);
  if (!ticket) return { ignored: 'the ticket could not be read' };
  const tags = Array.isArray(ticket.tags) ? ticket.tags.map(String) : [];
  if (!tags.includes(settings.getString('capture_tag'))) return { ignored: 'the ticket lacks the capture tag' };
  if (take('zendesk-capture', String(ticket.requester_id || `ticket:${ticket.id}`))) {
    return { ignored: 'its requester sent too many tickets this hour' };
  }
  const staff = staffOf(app, settings, payload.agent_id);
  return { input: ticketInput(app, settings, ticket, payload.comment_id, staff ? staff.id : '') };
}

/**
 * `ticket` (as the API answers it) to one capture input: the comment named by `commentId` (else the first public
 * one), its requester's email and name read from the API, `capturedBy` the staff member's id ('' for none).
 */
function ticketInput(app, settings, ticket, commentId, capturedBy) {
  const comment = chosenComment(ticketComments(app, settings, String(ticket.id)) || [], commentId);
  const requester = requesterOf(app, settings, ticket);
  return {
    source: 'zendesk',
    externalId: comment ? `${ticket.id}:${comment.id}` : String(ticket.id),
    url: agentTicketUrl(settings, ticket.id),
    authorEmail: requester.email,
    authorName: requester.name,
    title: String(ticket.subject || ''),
    quote: String(comment ? comment.plain_body || comment.body || '' : ticket.description || ''),
    capturedBy,
  };
}

/** The ticket's requester as Zendesk's API knows them: { email ('' when suspended or unknown), name }. */
function requesterOf(app, settings, ticket) {
  const requester = ticket.requester_id ? zendeskUser(app, settings, ticket.requester_id) : null;
  return {
    email: requester && !requester.suspended ? String(requester.email || '') : '',
    name: String(requester?.name || ''),
  };
}

module.exports = { readTicket, ticketInput, requesterOf, staffOf };
