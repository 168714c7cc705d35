// No answer tells who has an account (issue 42): a sign-up, or a member's email change, that names an address
// another account holds is answered exactly as for a free address, and the holder is told by email. Emails
// are queued and sent by a cron job kicked to run on its own goroutine (webhooks/kick.js), for a free
// address and a taken one alike, so neither the answer nor its time says which it was.
const { spend, take } = require(`${__hooks}/platform/limits.js`);

const QUEUE = 'chorus:account-email:';
const CLAIMED = 'claimed';
const JOB_ID = require(`${__hooks}/platform/contract/hook-hand-offs.js`).ACCOUNT_EMAILS_JOB;
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
// PocketBase's own check of a new address (ozzo-validation's is.EmailFormat), for the same answers.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** PocketBase's refusal of a record whose only fault is an email another account holds. */
function isTakenEmail(error) {
  const api = error?.value || error;
  const data = api?.status === 400 ? api.data : null;
  if (!data?.email) return false;
  return Object.keys(data).length === 1 && data.email.code === 'validation_not_unique';
}

/** Queues an email for the job below and wakes it: { kind, user, email? }, or { kind: 'mail', email } built. */
function queue(app, item) {
  app.store().set(`${QUEUE}${$security.randomString(16)}`, JSON.stringify(item));
  require(`${__hooks}/webhooks/kick.js`).kickJob(app, JOB_ID);
}

/** Tells the holder of a taken address, at most a few times an hour (platform/limits.js 'taken-email'). */
function queueNotice(app, holder, kind) {
  if (take('taken-email', holder.email())) return;
  queue(app, { kind, user: holder.id });
}

/**
 * A sign-up (onRecordCreateRequest on users): PocketBase checks everything, and when its only refusal is a
 * taken email, the answer is the 200 a new account gets (this unsaved record, enriched as PocketBase would)
 * and the holder is emailed. Superusers and OAuth2 sign-ups keep PocketBase's own answer.
 */
function signUp(e) {
  if (e.auth?.isSuperuser() || e.requestInfo().context === 'oauth2') return e.next();
  try {
    return e.next();
  } catch (error) {
    if (!isTakenEmail(error)) throw error;
  }
  const holder = require(`${__hooks}/platform/records.js`).memberByEmail(e.app, e.record.email());
  if (holder) queueNotice(e.app, holder, 'signup');
  const record = e.record;
  if (!record.id) record.id = $security.randomStringWithAlphabet(15, ID_ALPHABET);
  const now = new DateTime();
  if (record.getDateTime('created').isZero()) record.set('created', now);
  if (record.getDateTime('updated').isZero()) record.set('updated', now);
  $apis.enrichRecord(e.requestEvent || e, record);
  return e.json(200, record);
}

function invalidNewEmail(code, message) {
  return new BadRequestError('An error occurred while validating the submitted data.', {
    newEmail: new ValidationError(code, message),
  });
}

/**
 * POST /api/collections/users/request-email-change { newEmail } for a signed-in member: PocketBase's checks
 * and answers (400 for a malformed address, 204 otherwise), except that a taken address is answered 204 like
 * a free one; the link goes to a free address, a notice to the holder of a taken one. Counted per new address
 * (platform/limits.js 'email-change') and, by PocketBase's limiter, per client address.
 */
function requestEmailChange(e) {
  const user = e.auth;
  const newEmail = String(e.requestInfo().body.newEmail ?? '');
  if (!newEmail) throw invalidNewEmail('validation_required', 'cannot be blank');
  if (newEmail.length > 255)
    throw invalidNewEmail('validation_length_out_of_range', 'the length must be between 1 and 255');
  if (!EMAIL_FORMAT.test(newEmail)) throw invalidNewEmail('validation_is_email', 'must be a valid email address');
  if (newEmail === user.email()) throw invalidNewEmail('validation_not_in_invalid', 'must not be in list');
  spend('email-change', newEmail);
  const holder = require(`${__hooks}/platform/records.js`).memberByEmail(e.app, newEmail);
  if (holder && holder.id !== user.id) queueNotice(e.app, holder, 'email-change');
  else if (!holder) queue(e.app, { kind: 'change', user: user.id, email: newEmail });
  return e.noContent(204);
}

function send(app, item) {
  if (item.kind === 'mail') {
    // An email built by its sender (the inbound links of inbound-email/pending.js): sent as it is.
    app.newMailClient().send(new MailerMessage(item.email));
    return;
  }
  let user;
  try {
    user = app.findRecordById('users', item.user);
  } catch {
    return;
  }
  if (item.kind === 'change') {
    // PocketBase's own email (its token, localized by pb_hooks/auth/auth-emails.pb.js), as its route sends it.
    $mails.sendRecordChangeEmail(app, user, item.email);
    return;
  }
  if (!app.settings().smtp.enabled) return;
  app.newMailClient().send(require(`${__hooks}/auth/auth-email.js`).takenAddressEmail(app, user, item.kind));
}

/** The cron job: sends every queued email once (each is claimed under the store's lock before it is sent). */
function sendQueued(app) {
  const all = app.store().getAll();
  for (const key in all) {
    if (key.indexOf(QUEUE) !== 0) continue;
    let item = null;
    app.store().setFunc(key, (old) => {
      if (old && old !== CLAIMED) item = old;
      return CLAIMED;
    });
    app.store().remove(key);
    if (!item) continue;
    try {
      send(app, JSON.parse(item));
    } catch (error) {
      app.logger().error('Sending an account email failed', 'error', String(error));
    }
  }
}

module.exports = { JOB_ID, queue, signUp, requestEmailChange, sendQueued, isTakenEmail };
