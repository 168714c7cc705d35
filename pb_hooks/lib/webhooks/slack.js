// The same events as Slack Block Kit messages for an incoming-webhook URL: the title linked to the
// idea, then board, status and a short excerpt. Text is escaped as Slack's mrkdwn requires.
const escapeMrkdwn = (text) =>
  String(text ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const link = (url, text) => `<${url}|${escapeMrkdwn(text).replace(/\|/g, '¦')}>`;

function headlineOf(event) {
  const { data } = event;
  switch (event.type) {
    case 'idea.posted':
      return `New idea by ${escapeMrkdwn(data.idea.author?.name ?? 'someone')}`;
    case 'idea.approved':
      return 'Idea approved';
    case 'idea.status_changed':
      return `Status: ${escapeMrkdwn(data.from?.name ?? 'none')} → ${escapeMrkdwn(data.to?.name ?? 'none')}`;
    case 'comment.posted':
      return `${escapeMrkdwn(data.comment.author?.name ?? 'Someone')} commented`;
    case 'idea.vote_milestone':
      return `Reached ${data.milestone} votes`;
    case 'idea.threshold_reached':
      return `Alert ${escapeMrkdwn(`“${data.rule.name}”`)}: ${escapeMrkdwn(data.rule.metric.replace(/_/g, ' '))} reached ${data.rule.threshold}`;
    case 'idea.merged':
      return `Merged into ${link(data.into.url, data.into.title)}`;
    default:
      return escapeMrkdwn(event.type);
  }
}

function releaseBlocks(release) {
  const shipped = release.ideas.map((idea) => `• ${link(idea.url, idea.title)}`).join('\n');
  return [
    { type: 'section', text: { type: 'mrkdwn', text: `*Released: ${link(release.url, release.title)}*` } },
    ...(release.excerpt ? [{ type: 'section', text: { type: 'mrkdwn', text: escapeMrkdwn(release.excerpt) } }] : []),
    ...(shipped ? [{ type: 'section', text: { type: 'mrkdwn', text: `Shipped ideas:\n${shipped}` } }] : []),
  ];
}

function ideaBlocks(event) {
  const { idea } = event.data;
  const body = event.type === 'comment.posted' ? event.data.comment.excerpt : idea.excerpt;
  const response = event.type === 'idea.status_changed' ? event.data.response : '';
  const context = [
    `Board: ${escapeMrkdwn(idea.board?.name ?? '–')}`,
    `Status: ${escapeMrkdwn(idea.status?.name ?? '–')}`,
    `${idea.vote_count} ${idea.vote_count === 1 ? 'vote' : 'votes'}`,
  ];
  return [
    { type: 'section', text: { type: 'mrkdwn', text: `*${link(idea.url, idea.title)}*\n${headlineOf(event)}` } },
    ...(body ? [{ type: 'section', text: { type: 'mrkdwn', text: `>${escapeMrkdwn(body)}` } }] : []),
    ...(response ? [{ type: 'section', text: { type: 'mrkdwn', text: `Response: ${escapeMrkdwn(response)}` } }] : []),
    { type: 'context', elements: [{ type: 'mrkdwn', text: context.join(' · ') }] },
  ];
}

function slackMessage(event) {
  if (event.type === 'member.deleted') {
    const text = 'A member’s account was deleted; what they wrote stays, signed Deleted member.';
    return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: escapeMrkdwn(text) } }] };
  }
  if (event.type === 'release.published') {
    return { text: `Released: ${event.data.release.title}`, blocks: releaseBlocks(event.data.release) };
  }
  return { text: `${event.data.idea.title}: ${event.type}`, blocks: ideaBlocks(event) };
}

module.exports = { slackMessage };
