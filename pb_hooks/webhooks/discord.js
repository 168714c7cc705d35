// The same events as Discord webhook messages (Discord's "Execute Webhook": one embed with the title linked to the
// idea, the headline and excerpt, board, status and votes as fields). Discord's documented limits are kept (title
// 256, description 4,096, field value 1,024, 6,000 in all); markdown in members' words is escaped, and no mention
// in them pings anyone (allowed_mentions empty).
const { headlineOf, ideaParts, MEMBER_DELETED } = require(`${__hooks}/webhooks/event-headline.js`);

const ACCENT = 0x5b4bdb;
const cut = (text, max) => {
  const value = String(text ?? '');
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
};
/** Discord markdown's special characters, escaped so a member's words read as written. */
const escapeMarkdown = (text) => String(text ?? '').replace(/([\\*_~`|>#[\]()-])/g, '\\$1');
const link = (url, text) => `[${escapeMarkdown(cut(text, 200))}](${url})`;

function embedOf(event) {
  if (event.type === 'member.deleted') return { description: MEMBER_DELETED, color: ACCENT };
  if (event.type === 'release.published') {
    const { release } = event.data;
    const shipped = release.ideas.map((idea) => `• ${link(idea.url, idea.title)}`).join('\n');
    return {
      title: cut(`Released: ${release.title}`, 256),
      url: release.url,
      description: cut(
        [escapeMarkdown(release.excerpt), shipped && `**Shipped ideas**\n${shipped}`].filter(Boolean).join('\n\n'),
        4096,
      ),
      color: ACCENT,
    };
  }
  const { idea, body, response, votes } = ideaParts(event);
  const lines = [`**${headlineOf(event, { escape: escapeMarkdown, link })}**`];
  if (body) lines.push(`> ${escapeMarkdown(body).replace(/\n/g, '\n> ')}`);
  if (response) lines.push(`Response: ${escapeMarkdown(response)}`);
  return {
    title: cut(idea.title, 256),
    url: idea.url,
    description: cut(lines.join('\n'), 4096),
    color: ACCENT,
    fields: [
      { name: 'Board', value: cut(idea.board?.name ?? '–', 1024), inline: true },
      { name: 'Status', value: cut(idea.status?.name ?? '–', 1024), inline: true },
      { name: 'Votes', value: votes, inline: true },
    ],
  };
}

function discordMessage(event) {
  return {
    content: '',
    allowed_mentions: { parse: [] },
    embeds: [{ ...embedOf(event), timestamp: event.timestamp }],
  };
}

module.exports = { discordMessage };
