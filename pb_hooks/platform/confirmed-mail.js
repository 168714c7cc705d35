// No email goes to an unconfirmed address but the ones that confirm it (issue 42): the one rule every email
// passes (pb_hooks/platform/confirmed-mail.pb.js, on PocketBase's onMailerSend, which whatever Chorus or PocketBase
// sends goes through). A recipient whose address belongs to a member who has not confirmed it is dropped from
// notifications, digests, releases, mentions, questions, alerts, sign-in alerts…; only an email that itself
// checks the address (its confirmation link, a sign-in code, a password reset, an email change's link, the
// notice that someone tried to sign up with it, a changelog subscription's confirmation) is marked to pass, and
// so is one whose recipient proved the address already (a release to a confirmed changelog subscriber). A
// message unmarked costs one lookup per recipient; most go to one.

const ADDRESS_CHECK = 'X-Chorus-Address-Check';

/** Marks a MailerMessage as one that checks its recipient's address, or goes to a proven one: it passes whole. */
function markAddressCheck(message) {
  message.headers = Object.assign({}, message.headers || {}, { [ADDRESS_CHECK]: '1' });
  return message;
}

function isUnconfirmedMember(app, address) {
  const member = require(`${__hooks}/platform/records.js`).memberByEmail(app, address);
  // Not a member's address (a changelog subscriber, an operator): not this rule's.
  return member ? !member.verified() : false;
}

/**
 * Drops the recipients a message may not reach (to, cc, bcc); false when none is left (then nothing is sent).
 * A message marked as an address check passes whole, its mark removed.
 */
function withoutUnconfirmedRecipients(app, message) {
  const headers = Object.assign({}, message.headers || {});
  if (headers[ADDRESS_CHECK]) {
    delete headers[ADDRESS_CHECK];
    message.headers = headers;
    return true;
  }
  let left = 0;
  for (const field of ['to', 'cc', 'bcc']) {
    const list = Array.from(message[field] || []);
    const kept = list.filter((recipient) => !isUnconfirmedMember(app, recipient.address));
    if (kept.length !== list.length) message[field] = kept;
    left += kept.length;
  }
  return left > 0;
}

module.exports = { markAddressCheck, withoutUnconfirmedRecipients };
