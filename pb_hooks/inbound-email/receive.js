// One inbound email, handed over by the site's Worker (Cloudflare Email Routing) or locally by the SMTP
// listener with an "email" site proof binding the raw message's SHA-256: it becomes an idea held for staff
// review (a board's address), a comment (a notification's signed Reply-To) or, forwarded by staff to the feedback
// inbox's address, an inbox item (feedback/sources/mail/), whole or not at all, and only as
// the one who really sent it: authenticated for its From address (aligned DKIM or SPF, or the trusted
// receiver's DMARC pass: $inboundMail.authenticate, server/cmd/pocketbase/mail_auth.go), else it waits for its
// sender's one-time link (inbound-email/pending.js). Every check a web author meets is the one door's
// (platform/door.js): closed sign-ups, Turnstile (by that link), blocked members, spam holds, staff names, limits.
// Hostile mail is refused (4xx: the sender's server bounces it) or dropped (loops, auto-replies: 202, no bounce
// that could loop), each with a log line. Images follow the upload rules; other attachments are skipped.
const { readAddress } = require(`${__hooks}/inbound-email/addresses.js`);
const { replyText } = require(`${__hooks}/platform/reply-text.js`);
const { INBOUND_MAX_BYTES } = require(`${__hooks}/platform/contract/inbound-email.js`);
const door = require(`${__hooks}/platform/door.js`);
const pending = require(`${__hooks}/inbound-email/pending.js`);
const { firstRecordOrNull, memberByEmail } = require(`${__hooks}/platform/records.js`);

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
  const { siteProofKey, parseSiteProof } = require(`${__hooks}/platform/site-proof.js`);
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

/** The message's images as files, each checked as an uploaded one is; everything else skipped and logged. */
function imageFiles(app, message, details) {
  const { imageProblem } = require(`${__hooks}/platform/images/image-uploads.js`);
  const { translator } = require(`${__hooks}/platform/i18n.js`);
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

/** A member for a new sender: unverified unless their link proved the address; never a staff member's name. */
function newMember(app, message, confirmed) {
  const users = app.findCachedCollectionByNameOrId('users');
  const member = new Record(users);
  member.setEmail(message.from);
  member.setPassword($security.randomString(40));
  member.setVerified(confirmed);
  member.set('role', 'member');
  const local = message.from.split('@')[0];
  member.set('name', door.nameFor(app, message.fromName.slice(0, 60), local.slice(0, 60)));
  app.save(member);
  return member;
}

/** The member's allowance of `collection` creates, as on the web (platform/door.js): a 429 the sender retries. */
function spendAsOnTheWeb(collection, member) {
  try {
    door.spendCreate(collection, member);
  } catch {
    throw new Refusal(429, `too many ${collection} from this member`);
  }
}

/** A new account for this sender, by the rules of every way in: sign-ups open, and Turnstile by the link. */
function admitNewSender(app, options) {
  if (door.newAccountRefusal(app, 'email')) throw new Refusal(403, 'sign-ups are closed and the sender has no account');
  if (!options.confirmed && require(`${__hooks}/platform/integrations/turnstile.js`).turnstileOn(app)) {
    throw new WaitForSender('human');
  }
}

/** Thrown to keep the message until its sender opens the link (`reason`: 'unauthenticated' or 'human'). */
class WaitForSender extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

/** Whether a message with this Message-ID and address was already made into something. */
const alreadyTaken = (app, key) => firstRecordOrNull(app, 'inbound_messages', 'key = {:key}', { key }) !== null;

/** Notes the message as taken, inside the transaction that saves what it made (`made`: the record's id). */
function noteTaken(txApp, key, made) {
  if (!key) return;
  const row = new Record(txApp.findCachedCollectionByNameOrId('inbound_messages'));
  row.set('key', key);
  row.set('made', made);
  txApp.save(row);
}

function createIdea(app, boardId, message, details, seen, options) {
  let board;
  try {
    board = app.findRecordById('boards', boardId);
  } catch {
    throw new Refusal(404, 'no such board');
  }
  if (board.getBool('archived')) throw new Refusal(404, 'archived board');
  const existing = memberByEmail(app, message.from);
  if (existing && door.shutOut(existing)) throw new Refusal(403, 'blocked or deleted member');
  if (!existing) admitNewSender(app, options);
  if (!existing && require(`${__hooks}/platform/limits.js`).take('inbound-new-member', board.id)) {
    throw new Refusal(429, 'too many new senders for this board');
  }
  const text = message.text.slice(0, 10000);
  const title = (message.subject || text.split('\n')[0] || '').trim().slice(0, 120);
  if (!title) throw new Refusal(400, 'no subject and no text');
  if (existing) spendAsOnTheWeb('posts', existing);
  const images = imageFiles(app, message, details);
  let post;
  let member = existing;
  app.runInTransaction((txApp) => {
    if (!member) member = newMember(txApp, message, options.confirmed);
    else if (options.confirmed && !member.verified()) {
      member.setVerified(true);
      txApp.save(member);
    }
    post = new Record(txApp.findCachedCollectionByNameOrId('posts'));
    post.set('board', board.id);
    post.set('author', member.id);
    post.set('title', title);
    post.set('body', text);
    post.set('approved', false);
    post.set('held_for', door.holdFor(txApp, member, `${title}\n${text}`));
    if (images.length > 0) post.set('images', images);
    txApp.save(post);
    noteTaken(txApp, seen, post.id);
  });
  const held = post.getString('held_for');
  return { idea: post.id, member: member.id, newMember: !existing, images: images.length, held: held || undefined };
}

function createComment(app, target, message, seen, options) {
  const { canSeePost } = require(`${__hooks}/platform/access.js`);
  const member = memberByEmail(app, message.from);
  // The address was signed for one member: a message from anyone else is forged, whoever they are.
  if (!member || member.id !== target.member) throw new Refusal(403, 'reply address signed for another member');
  if (door.shutOut(member)) throw new Refusal(403, 'blocked or deleted member');
  let post;
  try {
    post = app.findRecordById('posts', target.post);
  } catch {
    throw new Refusal(404, 'no such idea');
  }
  if (!canSeePost(app, member.id, post.id) || post.getBool('locked')) throw new Refusal(403, 'idea closed to them');
  const body = replyText(message.text).slice(0, 5000);
  if (!body) throw new Refusal(400, 'nothing above the quoted text');
  spendAsOnTheWeb('comments', member);
  const comment = new Record(app.findCachedCollectionByNameOrId('comments'));
  comment.set('post', post.id);
  comment.set('author', member.id);
  comment.set('body', body);
  // Held as the web holds it (a new member's first words with a link, blocked words and domains): hidden.
  const held = door.holdFor(app, member, body);
  comment.set('held_for', held);
  if (held) comment.set('hidden', true);
  app.runInTransaction((txApp) => {
    if (options.confirmed && !member.verified()) {
      member.setVerified(true);
      txApp.save(member);
    }
    txApp.save(comment);
    noteTaken(txApp, seen, comment.id);
  });
  return { comment: comment.id, idea: post.id, member: member.id, held: held || undefined };
}

/** What the receiver knew of the SMTP session, for $inboundMail.authenticate (signed in the proof). */
function envelopeOf(claims) {
  return {
    mailFrom: String(claims.from || ''),
    clientIp: String(claims.ip || ''),
    helo: String(claims.helo || ''),
    trustedAuthservId: String(claims.receiver || ''),
  };
}

/** Where the message goes (a board's address, a notification's signed Reply-To or the feedback inbox's), or its refusal. */
function targetOf(claims) {
  const target = readAddress(String(claims.to || ''));
  if (target.refused) throw new Refusal(target.refused.startsWith('bad') ? 403 : 404, target.refused);
  return target;
}

/**
 * Makes the message into its idea or comment (`target`: targetOf) through the one door; `confirmed`: its sender opened the link
 * (the address is theirs, and a person passed Turnstile where the site asks for it).
 */
function admit(app, target, message, details, seen, confirmed) {
  const options = { confirmed };
  try {
    return target.board
      ? createIdea(app, target.board, message, details, seen, options)
      : createComment(app, target, message, seen, options);
  } catch (error) {
    if (!(error instanceof Refusal) && !(error instanceof WaitForSender) && seen && alreadyTaken(app, seen)) {
      return { dropped: 'already taken' };
    }
    throw error;
  }
}

/** Keeps the message for its sender's link: 202 { waiting }, or refused when their allowance is spent. */
function waitForSender(e, { raw, claims, message, seen, reason, details }) {
  if (seen && pending.alreadyWaiting(e.app, seen)) {
    log(e.app, 'warn', 'dropped', 'already waiting (same Message-ID)', details);
    return e.json(202, { dropped: 'already waiting' });
  }
  const kept = pending.waitForSender(e.app, {
    raw,
    claims,
    sender: message.from,
    reason,
    seen,
    what: message.subject,
  });
  if (!kept) throw new Refusal(403, `not authenticated for ${message.from}, and its confirmations are spent`);
  log(e.app, 'info', 'waiting', reason, details);
  return e.json(202, { waiting: reason });
}

/** The route: 200 with what was made, 202 when dropped or waiting for its sender, else the refusal's status. */
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
    const target = targetOf(claims);
    if (require(`${__hooks}/platform/limits.js`).take('inbound-email', message.from)) {
      throw new Refusal(429, 'too many messages from this sender');
    }
    // Who really sent it: the From address only when the message is authenticated for it.
    const verdict = $inboundMail.authenticate(raw, envelopeOf(claims));
    details.authenticated = verdict.authenticated ? `${verdict.method} ${verdict.domain}` : verdict.reason;
    if (!verdict.authenticated && verdict.tempError) throw new Refusal(503, 'sender checks failed for now (DNS)');
    if (!verdict.authenticated && (verdict.policy === 'reject' || verdict.policy === 'quarantine')) {
      // The From domain asks receivers to refuse what it did not send.
      throw new Refusal(403, `not authenticated for ${message.from} (its domain's DMARC policy: ${verdict.policy})`);
    }
    // A staff member forwarding a customer's email to the feedback inbox (issue 58): staff only, authenticated or
    // refused (never a "Did you send this?" link), and it waits in the inbox (feedback/sources/mail/).
    if (target.feedback) return receiveFeedback(e, message, verdict, details);
    if (!verdict.authenticated) {
      return waitForSender(e, { raw, claims, message, seen, reason: 'unauthenticated', details });
    }
    let made;
    try {
      made = admit(app, target, message, details, seen, false);
    } catch (error) {
      if (!(error instanceof WaitForSender)) throw error;
      return waitForSender(e, { raw, claims, message, seen, reason: error.reason, details });
    }
    if (made.dropped) {
      log(app, 'warn', 'dropped', 'already taken (same Message-ID, at once)', details);
      return e.json(202, made);
    }
    log(app, 'info', 'accepted', target.board ? 'idea' : 'comment', { ...details, ...made });
    return e.json(200, made);
  } catch (error) {
    return answerRefusal(e, error, details);
  }
}

/** The feedback inbox's address: the forward becomes an inbox item (200) or is refused and logged. */
function receiveFeedback(e, message, verdict, details) {
  const made = require(`${__hooks}/feedback/sources/mail/receive.js`).receiveForwarded(e.app, message, verdict);
  if (made.refused) throw new Refusal(made.refused[0], made.refused[1]);
  const result = { feedback: made.item.id, duplicate: made.duplicate };
  log(e.app, 'info', 'accepted', made.duplicate ? 'feedback (already in the inbox)' : 'feedback', {
    ...details,
    ...result,
  });
  return e.json(200, result);
}

function answerRefusal(e, error, details) {
  if (!(error instanceof Refusal)) {
    log(e.app, 'error', 'failed', String(error).slice(0, 300), details);
    return e.json(503, { message: 'Chorus could not take this message now.' });
  }
  log(e.app, 'warn', 'refused', error.message, details);
  return e.json(error.status, { message: `Refused: ${error.message}.` });
}

/** The waiting message a link's token names, read once: { row, claims, message, target }, or a 404. */
function loadWaiting(app, token) {
  const row = pending.findWaiting(app, String(token || ''));
  if (!row) throw new NotFoundError(require(`${__hooks}/platform/refusals.js`).refusalText('inboundLinkInvalid'));
  const claims = JSON.parse(row.getString('claims') || '{}');
  const message = $inboundMail.parse(row.getString('raw'));
  return { row, claims, message, target: readAddress(String(claims.to || '')) };
}

/** What a waiting message's link shows before its sender posts it: { kind, subject, sender, human }. */
function describeWaiting(e) {
  const { row, message, target } = loadWaiting(e.app, e.request.url.query().get('token'));
  const human =
    row.getString('reason') === 'human' && require(`${__hooks}/platform/integrations/turnstile.js`).turnstileOn(e.app);
  return e.json(200, {
    kind: target.board ? 'idea' : 'comment',
    subject: message.subject,
    sender: row.getString('sender'),
    human,
  });
}

/** POST { token, turnstile_token }: the sender's link posts what waited, through the same door. */
function confirmWaiting(e) {
  const { refusalText } = require(`${__hooks}/platform/refusals.js`);
  const app = e.app;
  const { row, claims, message } = loadWaiting(app, e.requestInfo().body.token);
  // Turnstile where the site asks for it, for the sender's own link (as the sign-up form asks).
  if (row.getString('reason') === 'human')
    require(`${__hooks}/platform/integrations/turnstile.js`).requireHuman(e, row.getString('sender'));
  const details = { to: claims.to, from: message.from, confirmed: 'link' };
  let made;
  try {
    made = admit(app, targetOf(claims), message, details, row.getString('seen'), true);
  } catch (error) {
    if (error instanceof Refusal) {
      log(app, 'warn', 'refused', error.message, details);
      // Spent allowance: the link works again later; anything else refuses it for good.
      if (error.status !== 429) app.delete(row);
      throw new BadRequestError(refusalText(error.status === 429 ? 'tooManyAttempts' : 'inboundRefused'));
    }
    throw error;
  }
  app.delete(row);
  log(app, 'info', 'accepted', made.comment ? 'comment (confirmed by link)' : 'idea (confirmed by link)', {
    ...details,
    ...made,
  });
  return e.json(200, made);
}

module.exports = { receiveInboundEmail, describeWaiting, confirmWaiting };
