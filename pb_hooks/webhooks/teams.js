// The same events for Microsoft Teams through a Workflows webhook ("When a Teams webhook request is received",
// the successor of the retired Office 365 connectors): a message whose one attachment is an Adaptive Card 1.4 with
// the title, the headline and excerpt, board/status/votes as facts and a button to the idea. Members' words are
// escaped for the card's markdown subset.
const { headlineOf, ideaParts, MEMBER_DELETED } = require(`${__hooks}/webhooks/event-headline.js`);

/** The card's markdown subset (bold, italic, lists, links): its characters escaped in members' words. */
const escapeMarkdown = (text) => String(text ?? '').replace(/([\\*_~`[\]()-])/g, '\\$1');
const text = (value, extra = {}) => ({ type: 'TextBlock', text: value, wrap: true, ...extra });
const open = (title, url) => ({ type: 'Action.OpenUrl', title, url });

function cardParts(event) {
  if (event.type === 'member.deleted') return { body: [text(MEMBER_DELETED)], actions: [] };
  if (event.type === 'release.published') {
    const { release } = event.data;
    const shipped = release.ideas.map((idea) => `- [${escapeMarkdown(idea.title)}](${idea.url})`).join('\n');
    return {
      body: [
        text(`Released: ${escapeMarkdown(release.title)}`, { weight: 'Bolder', size: 'Medium' }),
        ...(release.excerpt ? [text(escapeMarkdown(release.excerpt))] : []),
        ...(shipped ? [text(`Shipped ideas:\n${shipped}`)] : []),
      ],
      actions: [open('Read the release', release.url)],
    };
  }
  const { idea, body, response, votes } = ideaParts(event);
  return {
    body: [
      text(escapeMarkdown(idea.title), { weight: 'Bolder', size: 'Medium' }),
      text(headlineOf(event, { escape: escapeMarkdown, link: (url, title) => `[${escapeMarkdown(title)}](${url})` }), {
        isSubtle: true,
        spacing: 'None',
      }),
      ...(body ? [text(escapeMarkdown(body))] : []),
      ...(response ? [text(`Response: ${escapeMarkdown(response)}`)] : []),
      {
        type: 'FactSet',
        facts: [
          { title: 'Board', value: escapeMarkdown(idea.board?.name ?? '–') },
          { title: 'Status', value: escapeMarkdown(idea.status?.name ?? '–') },
          { title: 'Votes', value: votes },
        ],
      },
    ],
    actions: [open('Open the idea', idea.url)],
  };
}

function teamsMessage(event) {
  const { body, actions } = cardParts(event);
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          ...(actions.length > 0 && { actions }),
        },
      },
    ],
  };
}

module.exports = { teamsMessage };
