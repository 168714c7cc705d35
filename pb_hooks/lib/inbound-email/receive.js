// One inbound email, handed over by the site's Worker (Cloudflare Email Routing) or locally by the SMTP
// listener with an "email" site proof binding the raw message's SHA-256: it becomes an idea held for staff
// review (a board's address) or a comment (a notification's signed Reply-To), whole or not at all.
// Hostile mail is refused (4xx: the sender's server bounces it) or dropped (loops, auto-replies: 202, no bounce
// that could loop), each with a log line. Images follow the upload rules; other attachments are skipped.
const { readAddress } = require(`${__hooks}/lib/inbound-email/addresses.js`);
const { replyText } = require(`${__hooks}/lib/inbound-email/reply-text.js`);
const { INBOUND_MAX_BYTES } = require(`${__hooks}/lib/contract/inbound-email.js`);

const MAX_IMAGES = 5;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };
const MACHINE_PRECEDENCE = ['bulk', 'junk', 'list', 'auto_reply'];

class Refusal extends Error {
  constructor(status, reason) {
    super(reason);
    this.status = status;
  }
}

function log(app, level, what, reason, details) {
  const pairs = ['reason', reason];
  for (const key in details) pairs.push(key, String(details[key] || ''));
  app.logger()[level](`Inbound email ${what}`, ...pairs);
}

/** The proof's claims, or throws: only the Worker (or the local listener) hands messages over. */
function readProof(e) {
  const { siteProofKey, parseSiteProof } = require(`${__hooks}/lib/site-proof.js`);
  if (!siteProofKey('email')) throw new Refusal(503, 'no CHORUS_PROXY_SECRET');
  const body = e.requestInfo().body;
  const claims = parseSiteProof(body.proof, 'email', 'message');
  const raw = String(body.raw || '');
  if (!claims || !raw || $security.sha256(raw) !== claims.digest) throw new Refusal(401, 'bad proof');
  if (raw.length > Math.ceil(INBOUND_MAX_BYTES / 3) * 4) throw new Refusal(413, 'message too big');
  return { claims, raw };
}

/** Why the message was written by a machine (ours coming back, an auto-reply, a list), or ''. */
function machineReason(app, message, envelopeFrom) {
  if (!envelopeFrom) return 'bounce (empty envelope sender)';
  if (message.chorusSent) return 'our own notification came back';
  const ours = String(app.settings().meta.senderAddress || '').toLowerCase();
  if (ours && message.from === ours) return 'sent from our own address';
  if (message.autoSubmitted && message.autoSubmitted !== 'no') return `Auto-Submitted: ${message.autoSubmitted}`;
  if (MACHINE_PRECEDENCE.includes(message.precedence)) return `Precedence: ${message.precedence}`;
  if (message.autoReply) return 'auto-reply header';
  return '';
}

function memberByEmail(app, email) {
  try {
    return app.findAuthRecordByEmail('users', email);
  } catch {
    return null;
  }
}

function usable(member) {
  return member && !member.getBool('blocked') && !member.getString('deleted_at');
}

/** The message's images as files, each checked as an uploaded one is; everything else skipped and logged. */
function imageFiles(app, message, details) {
  const { imageProblem } = require(`${__hooks}/lib/images/image-uploads.js`);
  const { translator } = require(`${__hooks}/lib/i18n.js`);
  const t = translator('en', 'pbErrors');
  const files = [];
  let index = 0;
  for (const attachment of message.attachments) {
    index++;
    const type = String(attachment.type || '').toLowerCase();
    const why = !IMAGE_TYPES[type]
      ? 'not an image'
      : files.length >= MAX_IMAGES
        ? `more than ${MAX_IMAGES} images`
        : attachment.bytes.length > MAX_IMAGE_BYTES
          ? 'image over 5 MB'
          : '';
    const base = String(attachment.name || '').replace(/[^\w.-]+/g, '-') || `image-${index}.${IMAGE_TYPES[type]}`;
    const file = why ? null : $filesystem.fileFromBytes(attachment.bytes, base);
    const problem = why || imageProblem(file, t);
    if (problem) log(app, 'warn', 'attachment skipped', problem, { ...details, file: attachment.name, type });
    else files.push(file);
  }
  return files;
}

function newMember(app, message) {
  const users = app.findCachedCollectionByNameOrId('users');
  const member = new Record(users);
  member.setEmail(message.from);
  member.setPassword($security.randomString(40));
  member.setVerified(false);
  member.set('role', 'member');
  member.set('name', (message.fromName || message.from.split('@')[0]).trim().slice(0, 60));
  app.save(member);
  return member;
}

/** Whether a message with this Message-ID and address was already made into something. */
function alreadyTaken(app, key) {
  try {
    app.findFirstRecordByFilter('inbound_messages', 'key = {:key}', { key });
    return true;
  } catch {
    return false;
  }
}

/** Notes the message as taken, inside the transaction that saves what it made (`made`: the record's id). */
function noteTaken(txApp, key, made) {
  if (!key) return;
  const row = new Record(txApp.findCachedCollectionByNameOrId('inbound_messages'));
  row.set('key', key);
  row.set('made', made);
  txApp.save(row);
}

function createIdea(app, boardId, message, details, seen) {
  let board;
  try {
    board = app.findRecordById('boards', boardId);
  } catch {
    throw new Refusal(404, 'no such board');
  }
  if (board.getBool('archived')) throw new Refusal(404, 'archived board');
  const existing = memberByEmail(app, message.from);
  if (existing && !usable(existing)) throw new Refusal(403, 'blocked or deleted member');
  if (!existing && require(`${__hooks}/lib/limits.js`).take('inbound-new-member', board.id)) {
    throw new Refusal(429, 'too many new senders for this board');
  }
  const text = message.text.slice(0, 10000);
  const title = (message.subject || text.split('\n')[0] || '').trim().slice(0, 120);
  if (!title) throw new Refusal(400, 'no subject and no text');
  const images = imageFiles(app, message, details);
  let post;
  let member = existing;
  app.runInTransaction((txApp) => {
    if (!member) member = newMember(txApp, message);
    post = new Record(txApp.findCachedCollectionByNameOrId('posts'));
    post.set('board', board.id);
    post.set('author', member.id);
    post.set('title', title);
    post.set('body', text);
    post.set('approved', false);
    if (images.length > 0) post.set('images', images);
    txApp.save(post);
    noteTaken(txApp, seen, post.id);
  });
  return { idea: post.id, member: member.id, newMember: !existing, images: images.length };
}

function createComment(app, target, message, seen) {
  const { canSeePost } = require(`${__hooks}/lib/access.js`);
  const member = memberByEmail(app, message.from);
  // The address was signed for one member: a message from anyone else is forged, whoever they are.
  if (!member || member.id !== target.member) throw new Refusal(403, 'reply address signed for another member');
  if (!usable(member)) throw new Refusal(403, 'blocked or deleted member');
  let post;
  try {
    post = app.findRecordById('posts', target.post);
  } catch {
    throw new Refusal(404, 'no such idea');
  }
  if (!canSeePost(app, member.id, post.id) || post.getBool('locked')) throw new Refusal(403, 'idea closed to them');
  const body = replyText(message.text).slice(0, 5000);
  if (!body) throw new Refusal(400, 'nothing above the quoted text');
  const comment = new Record(app.findCachedCollectionByNameOrId('comments'));
  comment.set('post', post.id);
  comment.set('author', member.id);
  comment.set('body', body);
  app.runInTransaction((txApp) => {
    txApp.save(comment);
    noteTaken(txApp, seen, comment.id);
  });
  return { comment: comment.id, idea: post.id, member: member.id };
}

/** The route: 200 with what was made, 202 when dropped, else the refusal's status. */
function receiveInboundEmail(e) {
  const app = e.app;
  const details = {};
  try {
    const { claims, raw } = readProof(e);
    details.to = claims.to;
    details.envelopeFrom = claims.from;
    let message;
    try {
      message = $inboundMail.parse(raw);
    } catch (error) {
      throw new Refusal(400, `malformed: ${String(error).slice(0, 200)}`);
    }
    details.from = message.from;
    details.messageId = message.messageId;
    const machine = machineReason(app, message, String(claims.from || ''));
    if (machine) {
      log(app, 'warn', 'dropped', machine, details);
      return e.json(202, { dropped: machine });
    }
    // A sender's server (or Email Routing) retrying a message whose answer it missed: taken once, even after a
    // restart or twice at once (the stored key is unique and written with what the message made).
    const seen = message.messageId ? `${message.messageId}|${claims.to}`.slice(0, 1100) : '';
    if (seen && alreadyTaken(app, seen)) {
      log(app, 'warn', 'dropped', 'already taken (same Message-ID)', details);
      return e.json(202, { dropped: 'already taken' });
    }
    const target = readAddress(claims.to);
    if (target.refused) throw new Refusal(target.refused.startsWith('bad') ? 403 : 404, target.refused);
    if (require(`${__hooks}/lib/limits.js`).take('inbound-email', message.from)) {
      throw new Refusal(429, 'too many messages from this sender');
    }
    let made;
    try {
      made = target.board
        ? createIdea(app, target.board, message, details, seen)
        : createComment(app, target, message, seen);
    } catch (error) {
      if (!(error instanceof Refusal) && seen && alreadyTaken(app, seen)) {
        log(app, 'warn', 'dropped', 'already taken (same Message-ID, at once)', details);
        return e.json(202, { dropped: 'already taken' });
      }
      throw error;
    }
    log(app, 'info', 'accepted', target.board ? 'idea' : 'comment', { ...details, ...made });
    return e.json(200, made);
  } catch (error) {
    if (!(error instanceof Refusal)) {
      log(app, 'error', 'failed', String(error).slice(0, 300), details);
      return e.json(503, { message: 'Chorus could not take this message now.' });
    }
    log(app, 'warn', 'refused', error.message, details);
    return e.json(error.status, { message: `Refused: ${error.message}.` });
  }
}

module.exports = { receiveInboundEmail };
