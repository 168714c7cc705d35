// GET /api/chorus/posts/{id}/page?expand=&comments=&voters= (issue 59): everything an idea page reads of PocketBase,
// in one request: the idea as the records API views it (its view rule; ?expand= as that API takes it, each related
// record under its own rule), the first page of its voters (votes/voters.pb.js), the caller's own vote, follow and
// unanswered question (votes/viewer-own.js) and the first page of its comments (comments/comment-pages.js). Three
// requests cost the caller's token, the middlewares and the idea's view rule three times: half of PocketBase's CPU
// for a member's idea page. An API key's request counts against its own limit, as the records API's view of the idea
// does (api-keys.pb.js).
// Answer: { idea, voters: { page, perPage, totalItems, items }, mine: { vote, subscription, question } | null,
//   comments: { items, next, newest } }.
const { COMMENTS_PAGE, COMMENTS_MOST } = require(`${__hooks}/platform/contract/comment-pages.js`);
const { VOTERS_PAGE, VOTERS_MOST } = require(`${__hooks}/platform/contract/voter-pages.js`);

function ideaPage(e) {
  const { boundedNumber } = require(`${__hooks}/platform/paging.js`);
  const { isStaff, memberOf } = require(`${__hooks}/platform/access.js`);
  const keys = require(`${__hooks}/api-keys/api-keys.js`);
  keys.refuseKeyInAddress(e);
  keys.spendKeyRequest(e);
  const post = require(`${__hooks}/platform/posts.js`).findVisiblePost(e, e.request.pathValue('id'));
  // The records API's view answer of the idea: hidden fields left out, ?expand= under each relation's rules.
  $apis.enrichRecord(e, post);
  const mine = require(`${__hooks}/votes/viewer-own.js`).viewerOwn(e, post);
  const staff = isStaff(e);
  const commentLimit = boundedNumber(e, 'comments', COMMENTS_PAGE, COMMENTS_MOST);
  const voterCount = boundedNumber(e, 'voters', VOTERS_PAGE, VOTERS_MOST);
  $ideaReads.ideaPage(e, post, memberOf(e)?.id ?? '', staff, commentLimit, voterCount, mine);
}

module.exports = { ideaPage };
