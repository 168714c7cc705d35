// What the Slack source says back, ephemeral (only the person who clicked sees it), in Block Kit
// (docs.slack.dev/reference/block-kit): after a capture, the suggested ideas each with a "Link" button and a link to
// the inbox (for staff; anyone else only hears that it arrived); after a Link, what was done; a refusal as plain text.
const { suggestionsOf } = require(`${__hooks}/feedback/view.js`);
const { baseUrl } = require(`${__hooks}/platform/email-layout.js`);

/** Slack's three escapes (&, <, >): a title can never become a mention or a link. */
const escaped = (text) =>
  String(text ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const section = (text) => ({ type: 'section', text: { type: 'mrkdwn', text: text.slice(0, 3000) } });
const ephemeral = (text, blocks, replace = false) => ({
  response_type: 'ephemeral',
  replace_original: replace,
  text: text.slice(0, 3000),
  ...(blocks ? { blocks } : {}),
});

/** A refusal or a plain notice. */
const plainAnswer = (text, replace = false) => ephemeral(text, null, replace);

function ideasOf(app, item) {
  const ideas = [];
  for (const one of suggestionsOf(item)) {
    try {
      ideas.push(app.findRecordById('posts', String(one.id)));
    } catch {
      // an idea deleted since the capture is no longer offered
    }
  }
  return ideas;
}

/** After a capture, for staff: the item's title, up to three suggested ideas each with Link, and the inbox. */
function captureAnswer(app, item, duplicate) {
  const base = baseUrl(app);
  const title = item.getString('title');
  const head = `${duplicate ? 'Already in the feedback inbox' : 'Sent to the feedback inbox'}: *${escaped(title)}*`;
  const blocks = [section(head)];
  const open = item.getString('status') === 'new';
  const ideas = open ? ideasOf(app, item) : [];
  if (!open) blocks.push(section(`Already ${item.getString('status')} in the inbox.`));
  else if (!ideas.length) blocks.push(section('No idea seems to match yet: decide in the inbox.'));
  else blocks.push(section('Suggested ideas:'));
  ideas.forEach((post, index) => {
    blocks.push({
      ...section(`<${base}/p/${post.id}|${escaped(post.getString('title'))}>`),
      accessory: {
        type: 'button',
        text: { type: 'plain_text', text: 'Link' },
        action_id: `feedback_link_${index}`,
        value: `${item.id}:${post.id}`,
      },
    });
  });
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `<${base}/admin/inbox|Open inbox>` }] });
  return ephemeral(head.replace(/\*/g, ''), blocks);
}

/** After a staff member's Link from Slack: the idea, and whose vote it made. */
function linkedAnswer(app, linked) {
  const base = baseUrl(app);
  const who = linked.voted
    ? `${linked.item.getString('author_name') || linked.voted.user.getString('name')}'s vote`
    : 'the quote';
  const text = `Linked: ${who} added to <${base}/p/${linked.post.id}|${escaped(linked.post.getString('title'))}>.`;
  return ephemeral(text, [section(text)], true);
}

module.exports = { captureAnswer, linkedAnswer, plainAnswer };
