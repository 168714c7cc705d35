// The same events as Slack Block Kit messages for an incoming-webhook URL: the title linked to the
// idea, then board, status and a short excerpt. Text is escaped as Slack's mrkdwn requires.
const { headlineOf: headline, ideaParts, MEMBER_DELETED } = require(`${__hooks}/webhooks/event-headline.js`);

const escapeMrkdwn = (text) =>
  String(text ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const link = (url, text) => `<${url}|${escapeMrkdwn(text).replace(/\|/g, '¦')}>`;

const headlineOf = (event) => headline(event, { escape: escapeMrkdwn, link });

function releaseBlocks(release) {
  const shipped = release.ideas.map((idea) => `• ${link(idea.url, idea.title)}`).join('\n');
  return [
    { type: 'section', text: { type: 'mrkdwn', text: `*Released: ${link(release.url, release.title)}*` } },
    ...(release.excerpt ? [{ type: 'section', text: { type: 'mrkdwn', text: escapeMrkdwn(release.excerpt) } }] : []),
    ...(shipped ? [{ type: 'section', text: { type: 'mrkdwn', text: `Shipped ideas:\n${shipped}` } }] : []),
  ];
}

function ideaBlocks(event) {
  const { idea, body, response, votes } = ideaParts(event);
  const context = [
    `Board: ${escapeMrkdwn(idea.board?.name ?? '–')}`,
    `Status: ${escapeMrkdwn(idea.status?.name ?? '–')}`,
    votes,
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
    const text = MEMBER_DELETED;
    return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: escapeMrkdwn(text) } }] };
  }
  if (event.type === 'release.published') {
    return { text: `Released: ${event.data.release.title}`, blocks: releaseBlocks(event.data.release) };
  }
  return { text: `${event.data.idea.title}: ${event.type}`, blocks: ideaBlocks(event) };
}

module.exports = { slackMessage };
