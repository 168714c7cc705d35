// One event's headline ("New idea by Ana", "Status: Open → Planned", "Merged into …") for every chat format
// (Slack, Discord, Teams): each passes how its own markup escapes text and writes a link.
const plain = { escape: (text) => String(text ?? ''), link: (_url, text) => String(text ?? '') };

function headlineOf(event, { escape: esc, link } = plain) {
  const { data } = event;
  switch (event.type) {
    case 'idea.posted':
      return `New idea by ${esc(data.idea.author?.name ?? 'someone')}`;
    case 'idea.approved':
      return 'Idea approved';
    case 'idea.status_changed':
      return `Status: ${esc(data.from?.name ?? 'none')} → ${esc(data.to?.name ?? 'none')}`;
    case 'comment.posted':
      return `${esc(data.comment.author?.name ?? 'Someone')} commented`;
    case 'idea.vote_milestone':
      return `Reached ${data.milestone} votes`;
    case 'idea.threshold_reached':
      return `Alert ${esc(`“${data.rule.name}”`)}: ${esc(data.rule.metric.replace(/_/g, ' '))} reached ${data.rule.threshold}`;
    case 'idea.merged':
      return `Merged into ${link(data.into.url, data.into.title)}`;
    default:
      return esc(event.type);
  }
}

/** What an idea event says below its title: the comment's or idea's excerpt, and staff's response to a status. */
function ideaParts(event) {
  const { idea } = event.data;
  return {
    idea,
    body: event.type === 'comment.posted' ? event.data.comment.excerpt : idea.excerpt,
    response: event.type === 'idea.status_changed' ? event.data.response : '',
    votes: `${idea.vote_count} ${idea.vote_count === 1 ? 'vote' : 'votes'}`,
  };
}

const MEMBER_DELETED = 'A member’s account was deleted; what they wrote stays, signed Deleted member.';

module.exports = { headlineOf, ideaParts, MEMBER_DELETED };
