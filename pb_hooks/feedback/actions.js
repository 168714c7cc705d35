// What staff do with a feedback item (pb_hooks/feedback/feedback.pb.js), each one transaction, audited, and only on an item
// still new (a second decision is refused): link it to an idea (the customer's vote on their behalf, the one code
// of votes/vote-on-behalf.js, and the quote kept on the idea as an internal comment only staff read, naming who
// said it and where), make a new idea of it (written by the staff member, prefilled from the quote, then linked),
// or dismiss it.
const { refusalText, fieldRefusal } = require(`${__hooks}/platform/refusals.js`);
const { requireStaff } = require(`${__hooks}/platform/staff.js`);
const { findVisiblePost } = require(`${__hooks}/platform/posts.js`);
const { requireVotable, voteOnBehalf } = require(`${__hooks}/votes/vote-on-behalf.js`);
const { recordAudit } = require(`${__hooks}/audit/audit.js`);
const { normalizeName } = require(`${__hooks}/platform/text.js`);

const SOURCE_NAMES = { mail: 'forwarded email', slack: 'Slack' };
const MAX_COMMENT = 5000;

/** The item `id` still waiting for a decision, or the refusal (404 unknown, 400 decided). */
function openItem(app, id) {
  let item;
  try {
    item = app.findRecordById('feedback_items', String(id || ''));
  } catch {
    throw new NotFoundError(refusalText('feedbackNotFound'));
  }
  if (item.getString('status') !== 'new') throw new BadRequestError(refusalText('feedbackDecided'));
  return item;
}

/** The internal comment that keeps the quote on the idea: the words, then who said them and where. */
function evidenceText(item) {
  const who = [item.getString('author_name'), item.getString('author_email') && `<${item.getString('author_email')}>`]
    .filter(Boolean)
    .join(' ');
  const where = [SOURCE_NAMES[item.getString('source')] || item.getString('source'), item.getString('source_url')]
    .filter(Boolean)
    .join(': ');
  const signature = `\n\n— ${who || 'a customer'}, via ${where}`;
  const quoted = item
    .getString('quote')
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return `${quoted.slice(0, MAX_COMMENT - signature.length - 1)}${signature}`.slice(0, MAX_COMMENT);
}

function markDone(txApp, item, staff, fields) {
  for (const key in fields) item.set(key, fields[key]);
  item.set('acted_by', staff.id);
  item.set('acted_at', new DateTime());
  txApp.save(item);
}

/** Inside a transaction: the vote on behalf (when the author's email is known), the evidence, the item linked. */
function linkInside(txApp, e, staff, item, post) {
  const email = item.getString('author_email');
  const voted = email ? voteOnBehalf(txApp, e, staff, post, { email, name: item.getString('author_name') }) : null;
  const comment = new Record(txApp.findCachedCollectionByNameOrId('comments'));
  comment.set('post', post.id);
  comment.set('author', staff.id);
  comment.set('body', evidenceText(item));
  comment.set('internal', true);
  txApp.save(comment);
  markDone(txApp, item, staff, {
    status: 'linked',
    idea: post.id,
    evidence: comment.id,
    member: voted ? voted.user.id : item.getString('member'),
  });
  recordAudit(txApp, e, {
    action: 'feedback.link',
    collection: 'feedback_items',
    id: item.id,
    label: item.getString('title'),
    before: { status: 'new' },
    after: { status: 'linked', idea: post.id, vote: voted ? voted.vote.id : '' },
  });
  return voted;
}

/** The answer of an action: the item as its transaction saved it (no second read). */
function answer(item, post, voted) {
  return {
    id: item.id,
    status: item.getString('status'),
    idea: post ? { id: post.id, title: post.getString('title') } : null,
    voted: voted ? { user: voted.user.id, already: voted.alreadyVoted, created: voted.userCreated } : null,
  };
}

/**
 * Links item `itemId` to idea `ideaId` as `staff` (e.auth must be that staff member: the idea is found as they see
 * it), the one code of the inbox's Link and Slack's: answers { item, post, voted }, or throws the refusal.
 */
function linkAs(e, staff, itemId, ideaId) {
  const item = openItem(e.app, itemId);
  const post = findVisiblePost(e, String(ideaId || ''));
  requireVotable(post);
  if (item.getString('author_email')) {
    require(`${__hooks}/account/staff-lookup.js`).lookUpForStaff(e, staff, item.getString('author_email'));
  }
  let voted;
  let linked;
  e.app.runInTransaction((txApp) => {
    linked = openItem(txApp, item.id);
    voted = linkInside(txApp, e, staff, linked, post);
  });
  return { item: linked, post, voted };
}

/** POST …/{id}/link { idea }: the customer's vote and the quote on that idea. */
function linkItem(e) {
  const staff = requireStaff(e);
  const linked = linkAs(e, staff, e.request.pathValue('id'), e.requestInfo().body.idea);
  return e.json(200, answer(linked.item, linked.post, linked.voted));
}

/** The board a new idea goes on: one the staff member sees and that is not archived. */
function boardFor(e, id) {
  const board = require(`${__hooks}/platform/records.js`).recordOrNull(e.app, 'boards', String(id || ''));
  if (
    !board ||
    board.getBool('archived') ||
    !e.app.canAccessRecord(board, e.requestInfo(), board.collection().viewRule)
  ) {
    throw new BadRequestError(refusalText('feedbackBoardNeeded'), {
      board: fieldRefusal('validation_required', 'feedbackBoardNeeded'),
    });
  }
  return board;
}

/** POST …/{id}/idea { board, title, body }: a new idea by the staff member (approved), then linked. */
function newIdeaFromItem(e) {
  const staff = requireStaff(e);
  const item = openItem(e.app, e.request.pathValue('id'));
  const body = e.requestInfo().body;
  const board = boardFor(e, body.board);
  const title = normalizeName(body.title ?? (item.getString('summary_title') || item.getString('title')));
  if (!title)
    throw new BadRequestError(refusalText('blankText'), { title: fieldRefusal('validation_required', 'blankText') });
  if (item.getString('author_email')) {
    require(`${__hooks}/account/staff-lookup.js`).lookUpForStaff(e, staff, item.getString('author_email'));
  }
  let post;
  let voted;
  let open;
  e.app.runInTransaction((txApp) => {
    open = openItem(txApp, item.id);
    post = new Record(txApp.findCachedCollectionByNameOrId('posts'));
    post.set('board', board.id);
    post.set('author', staff.id);
    post.set('title', title);
    post.set('body', String(body.body ?? open.getString('quote')));
    post.set('approved', true);
    txApp.save(post);
    voted = linkInside(txApp, e, staff, open, post);
  });
  return e.json(201, answer(open, post, voted));
}

/** POST …/{id}/dismiss: nothing is posted; the item leaves the inbox. */
function dismissItem(e) {
  const staff = requireStaff(e);
  const item = openItem(e.app, e.request.pathValue('id'));
  let dismissed;
  e.app.runInTransaction((txApp) => {
    dismissed = openItem(txApp, item.id);
    markDone(txApp, dismissed, staff, { status: 'dismissed' });
    recordAudit(txApp, e, {
      action: 'feedback.dismiss',
      collection: 'feedback_items',
      id: item.id,
      label: item.getString('title'),
      before: { status: 'new' },
      after: { status: 'dismissed' },
    });
  });
  return e.json(200, answer(dismissed, null, null));
}

module.exports = { linkItem, linkAs, newIdeaFromItem, dismissItem, evidenceText };
