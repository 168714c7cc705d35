// The forwarded-mail source (issue 58): a staff member forwards a customer's email to the inbox's signed address
// (inbound-email/addresses.js feedbackAddress); the inbound door (inbound-email/receive.js) hands it here
// once the message is authenticated for its From address. Only active staff forward: anyone else is refused. The
// item's author is the ORIGINAL sender read from the forward (./forwarded.js), and it waits in the inbox: nothing is
// posted or voted in the customer's name until staff act on it.
const { forwardedOriginal } = require(`${__hooks}/feedback/sources/mail/forwarded.js`);
const { captureFeedback } = require(`${__hooks}/feedback/capture.js`);

/**
 * `message`: $inboundMail.parse's answer; `verdict`: $inboundMail.authenticate's. Answers { item, duplicate } or
 * { refused: [status, reason] } for the door to answer and log.
 */
function receiveForwarded(app, message, verdict) {
  if (!verdict.authenticated) return { refused: [403, `forwarded feedback not authenticated for ${message.from}`] };
  const forwarder = require(`${__hooks}/platform/records.js`).memberByEmail(app, message.from);
  if (!forwarder || !require(`${__hooks}/platform/access.js`).isActiveStaffUser(forwarder)) {
    return { refused: [403, 'forwarded feedback from someone who is not active staff'] };
  }
  const original = forwardedOriginal(message);
  if (!original) return { refused: [400, 'no forwarded message found (no original sender)'] };
  if (!original.text.trim()) return { refused: [400, 'the forwarded message says nothing'] };
  const subject = original.subject || message.subject.replace(/^((fwd?|fw|tr|wg)\s*:\s*)+/i, '');
  const captured = captureFeedback(app, {
    source: 'mail',
    // The original's own id when the forward carries it; else who said what makes the same message one item.
    externalId: original.messageId,
    url: `mailto:${original.email}?subject=${encodeURIComponent(`Re: ${subject}`.slice(0, 200))}`,
    authorEmail: original.email,
    authorName: original.name,
    title: subject,
    quote: original.text,
    note: original.note,
    capturedBy: forwarder.id,
  });
  return captured;
}

module.exports = { receiveForwarded };
