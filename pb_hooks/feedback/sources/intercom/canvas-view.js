// The canvases of Intercom's inbox app (Canvas Kit, developers.intercom.com/docs/references/canvas-kit): what a
// teammate sees beside a conversation, as Canvas Kit components (text, list, input, divider). Every word a
// customer or staff member wrote is cut to a length and, in a text component (which renders Markdown), escaped;
// list items and labels are plain strings. A canvas answers { canvas: { content: { components }, stored_data } }.
// Its words are in the staff member's language (locales/*.json, `sidebarApp`, shared with Zendesk's app); the shown
// ideas' statuses are read once for the canvas.
const { statusNames } = require(`${__hooks}/feedback/sources/sidebar-ideas.js`);
const { baseUrl } = require(`${__hooks}/platform/email-layout.js`);

const MAX_TITLE = 120;
const MAX_LINE = 300;
const MAX_QUERY = 200;
// Intercom's inbox guidance: a first canvas under 400 pixels (developers.intercom.com/docs/canvas-kit/
// canvas-kit-inbox-best-practices): a few wanted ideas, the search box with its inline button, three suggestions.
const WANTED_SHOWN = 3;
const SUGGESTED_SHOWN = 3;

/** `text` on one line, at most `max` characters (an ellipsis when cut). */
function cut(text, max) {
  const flat = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Words for a text component: Markdown's characters escaped, so a title cannot become a link or a heading. */
const markdownSafe = (text, max = MAX_LINE) => cut(text, max).replace(/[\\`*_[\]()<>#!|~]/g, '\\$&');

const text = (words, style = 'paragraph') => ({ type: 'text', text: words, style });

/** An idea's status name (from `statuses`, statusNames') and votes, the line under its title. */
function ideaLine(post, words, statuses) {
  const status = statuses[post.getString('status')] || '';
  return cut([status, words.votes(post.getInt('vote_count'))].filter(Boolean).join(' · '), MAX_TITLE);
}

/** A list of ideas, each an item `<kind>:<idea id>` with its title and ideaLine, and what `more` adds to it. */
function ideaList(kind, posts, words, statuses, more) {
  return {
    type: 'list',
    items: posts.map((post) => ({
      type: 'item',
      id: `${kind}:${post.id}`,
      title: cut(post.getString('title'), MAX_TITLE),
      subtitle: ideaLine(post, words, statuses),
      ...more(post),
    })),
  };
}

/** The ideas the customer wants, each opening the idea on the site. */
const wantedList = (app, posts, words, statuses) =>
  ideaList('open', posts, words, statuses, (post) => ({
    action: { type: 'url', url: `${baseUrl(app)}/p/${post.id}` },
  }));

/** Ideas to link the conversation to, one click each (component_id `link:<idea id>`). */
const linkList = (posts, words, statuses) =>
  ideaList('link', posts, words, statuses, () => ({ tertiary_text: words.t('link'), action: { type: 'submit' } }));

/** The search box, its inline button submitting it (component_id `query`); `query` kept in the box after a search. */
const searchBox = (words, query = '') => ({
  type: 'input',
  id: 'query',
  label: words.t('search'),
  placeholder: words.t('searchHint'),
  value: cut(query, MAX_QUERY),
  action: { type: 'submit' },
});

/** A canvas of `components`, keeping `stored` for the next request. */
const canvas = (components, stored = {}) => ({ canvas: { content: { components }, stored_data: stored } });

/** A canvas that only says something (`style` 'error' for a refusal). */
const notice = (words, style = 'muted') => canvas([text(markdownSafe(words, 1000), style)]);

/**
 * The app's main canvas: `said` (a confirmation or a problem, first), the customer and the ideas they want, the
 * search box, then `found` (a search's ideas, with `query`) or the captured conversation's suggestions.
 */
function homeCanvas(app, { words, customer, wanted, suggested, found, query, said, saidStyle = 'muted', stored }) {
  const shown = wanted.slice(0, WANTED_SHOWN);
  const offered = found || suggested.slice(0, SUGGESTED_SHOWN);
  const statuses = statusNames(app, [...shown, ...offered]);
  const parts = [];
  if (said) parts.push(text(markdownSafe(said), saidStyle));
  const who = customer.member ? cut(customer.member.getString('name') || customer.email, MAX_TITLE) : customer.email;
  parts.push(text(`*${markdownSafe(who, MAX_TITLE)}*`, 'header'));
  if (!customer.member) parts.push(text(words.t('notMember'), 'muted'));
  if (wanted.length) {
    parts.push(wantedList(app, shown, words, statuses));
    const more = wanted.length - WANTED_SHOWN;
    if (more > 0) parts.push(text(words.t('more', { count: more }), 'muted'));
  } else {
    parts.push(text(words.t('noneWanted'), 'muted'));
  }
  parts.push({ type: 'divider' }, searchBox(words, query));
  if (found) {
    parts.push(
      found.length
        ? linkList(found, words, statuses)
        : text(words.t('noMatch', { query: markdownSafe(query, MAX_QUERY) }), 'muted'),
    );
  } else if (offered.length) {
    parts.push(text(words.t('suggested'), 'muted'), linkList(offered, words, statuses));
  }
  return canvas(parts, stored);
}

module.exports = { homeCanvas, notice, canvas, markdownSafe, MAX_QUERY };
