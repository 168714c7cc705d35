// The versioned JSON body of each webhook event: { version, type, timestamp, data }. Ideas are named
// by their public URL on the site (PocketBase's Application URL); people by their display name only,
// never an email (and email addresses typed into an excerpt are masked).
const VERSION = 1;
const EMAIL = /[^\s@<>()"']+@[^\s@<>()"']+\.[a-z]{2,}/gi;

const find = require(`${__hooks}/platform/records.js`).recordOrNull;

const siteUrl = (app) => app.settings().meta.appURL.replace(/\/+$/, '');
const maskEmails = (text) => String(text || '').replace(EMAIL, '[email hidden]');
const personOf = (app, id) => {
  const user = find(app, 'users', id);
  return user ? { id: user.id, name: maskEmails(user.getString('name')) || 'Someone' } : null;
};

function excerptOf(markdown, length = 280) {
  const text = maskEmails(markdown)
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

function statusOf(app, id) {
  const status = find(app, 'statuses', id);
  return status ? { name: status.getString('name'), slug: status.getString('slug') } : null;
}

// An idea's public custom field values only: those its board defines as public now (staff-only values live
// in post_insights and are never read here).
function publicFieldsOf(app, post) {
  const { definitionsOf, keepDefined, objectOf } = require(`${__hooks}/custom-fields/custom-fields.js`);
  return keepDefined(definitionsOf(app, post.getString('board')), objectOf(post.get('fields')) || {}, true);
}

function describeIdea(app, post) {
  const board = find(app, 'boards', post.getString('board'));
  return {
    id: post.id,
    title: maskEmails(post.getString('title')),
    url: `${siteUrl(app)}/p/${post.id}`,
    excerpt: excerptOf(post.getString('body')),
    board: board ? { name: board.getString('name'), slug: board.getString('slug') } : null,
    status: statusOf(app, post.getString('status')),
    approved: post.getBool('approved'),
    vote_count: post.getInt('vote_count'),
    comment_count: post.getInt('comment_count'),
    fields: publicFieldsOf(app, post),
    author: personOf(app, post.getString('author')),
    created: post.getDateTime('created').string(),
  };
}

/** A comment as comment.posted names it (`idea` is the describeIdea of its idea). */
function describeComment(comment, idea, app) {
  return {
    id: comment.id,
    url: `${idea.url}#comment-${comment.id}`,
    excerpt: excerptOf(comment.getString('body')),
    author: personOf(app, comment.getString('author')),
    parent: comment.getString('parent') || null,
  };
}

function describeRelease(app, entry) {
  const ideas = app.findRecordsByIds('posts', entry.getStringSlice('posts'));
  return {
    id: entry.id,
    title: maskEmails(entry.getString('title')),
    url: `${siteUrl(app)}/changelog/${entry.getString('slug')}`,
    excerpt: excerptOf(entry.getString('body')),
    labels: entry.getStringSlice('labels'),
    published_at: entry.getDateTime('published_at').string(),
    ideas: ideas.map((post) => ({
      id: post.id,
      title: maskEmails(post.getString('title')),
      url: `${siteUrl(app)}/p/${post.id}`,
    })),
  };
}

/** An event envelope; a name the contract (src/contract/webhook-events.ts) does not list is a bug, refused. */
function buildEvent(type, data) {
  const { isWebhookEvent } = require(`${__hooks}/platform/contract/webhook-events.js`);
  if (!isWebhookEvent(type)) throw new Error(`Unknown webhook event ${type}`);
  return { version: VERSION, type, timestamp: new Date().toISOString(), data };
}

module.exports = {
  buildEvent,
  describeComment,
  describeIdea,
  describeRelease,
  excerptOf,
  find,
  maskEmails,
  personOf,
  statusOf,
};
