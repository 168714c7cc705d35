// The inbound addresses of ideas by email, signed so none can be guessed or forged: a board's
// (b.<board id>.<signature>@<domain>), a notification's Reply-To (r.<idea id>.<member id>.<signature>@<domain>) and
// the staff feedback inbox's, where staff forward customers' emails (f.<signature>@<domain>, issue 58),
// each an HMAC-SHA256 under a key derived from CHORUS_PROXY_SECRET (…_PREVIOUS still read while a rotation runs).
// Off (no address anywhere) until both CHORUS_PROXY_SECRET and CHORUS_INBOUND_DOMAIN are set.
const ID = '[a-z0-9]{15}';
const BOARD = new RegExp(`^b\\.(${ID})\\.([a-f0-9]{20})$`);
const REPLY = new RegExp(`^r\\.(${ID})\\.(${ID})\\.([a-f0-9]{24})$`);
const FEEDBACK = /^f\.([a-f0-9]{24})$/;

/** The domain inbound mail arrives at (lower case), or '' when ideas by email is off. */
function inboundDomain() {
  const domain = String($os.getenv('CHORUS_INBOUND_DOMAIN') || '')
    .trim()
    .toLowerCase();
  return domain && $os.getenv('CHORUS_PROXY_SECRET') ? domain : '';
}

function signature(secret, text, length) {
  if (!secret) return '';
  return $security.hs256(text, $security.hs256('chorus-inbound-email', secret)).slice(0, length);
}

function signatures(text, length) {
  return [$os.getenv('CHORUS_PROXY_SECRET'), $os.getenv('CHORUS_PROXY_SECRET_PREVIOUS')]
    .map((secret) => signature(secret, text, length))
    .filter(Boolean);
}

/** A board's address for new ideas, or ''. */
function boardAddress(boardId) {
  const domain = inboundDomain();
  if (!domain) return '';
  return `b.${boardId}.${signatures(`board:${boardId}`, 20)[0]}@${domain}`;
}

/** The Reply-To of a notification about idea `postId` to member `userId`, or ''. */
function replyAddress(postId, userId) {
  const domain = inboundDomain();
  if (!domain || !postId || !userId) return '';
  return `r.${postId}.${userId}.${signatures(`reply:${postId}:${userId}`, 24)[0]}@${domain}`;
}

/** The staff feedback inbox's address (forwarded customers' emails), or ''. */
function feedbackAddress() {
  const domain = inboundDomain();
  if (!domain) return '';
  return `f.${signatures('feedback-inbox', 24)[0]}@${domain}`;
}

/** What a recipient address is for: { board }, { post, member } or { feedback }, or { refused } saying why not. */
function readAddress(address) {
  const domain = inboundDomain();
  const text = String(address || '')
    .trim()
    .toLowerCase();
  const at = text.lastIndexOf('@');
  if (!domain) return { refused: 'ideas by email is off' };
  if (at < 1 || text.slice(at + 1) !== domain) return { refused: 'not an inbound address' };
  const local = text.slice(0, at);
  const board = BOARD.exec(local);
  if (board) {
    return signatures(`board:${board[1]}`, 20).includes(board[2])
      ? { board: board[1] }
      : { refused: 'bad board address signature' };
  }
  const reply = REPLY.exec(local);
  if (reply) {
    return signatures(`reply:${reply[1]}:${reply[2]}`, 24).includes(reply[3])
      ? { post: reply[1], member: reply[2] }
      : { refused: 'bad reply address signature' };
  }
  const feedback = FEEDBACK.exec(local);
  if (feedback) {
    return signatures('feedback-inbox', 24).includes(feedback[1])
      ? { feedback: true }
      : { refused: 'bad feedback address signature' };
  }
  return { refused: 'unknown inbound address' };
}

module.exports = { inboundDomain, boardAddress, replyAddress, feedbackAddress, readAddress };
