// The original message inside a forwarded email, as the common mail programs forward it: attached whole
// (message/rfc822, Outlook's and Thunderbird's "forward as attachment"), or inline under Gmail's
// "---------- Forwarded message ---------", Apple Mail's "Begin forwarded message:", Outlook's line of underscores
// or "-----Original Message-----" followed by its From:/Sent: block. Answers who first wrote it, what they said
// (without the older thread under it) and the forwarder's own words above it, or null when no original is found.
const { replyText } = require(`${__hooks}/platform/reply-text.js`);
const { base64OfBytes } = require(`${__hooks}/platform/base64.js`);

const MARKERS = [
  /^\s*-{3,}\s*Forwarded message\s*-{3,}\s*$/i,
  /^\s*Begin forwarded message:\s*$/i,
  /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^\s*_{10,}\s*$/,
];
const HEADER = /^\s*\*?([A-Za-z][A-Za-z -]{0,20}):\*?\s*(.*)$/;
const FROM_KEYS = ['from', 'de', 'von', 'van', 'da'];
const SUBJECT_KEYS = ['subject', 'objet', 'betreff', 'asunto', 'onderwerp', 'oggetto', 'assunto'];
const ADDRESS = /[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/i;
const MAX_ATTACHED = 5 * 1024 * 1024;

/** "Jane Doe <jane@x.com>", "Jane Doe [mailto:jane@x.com]", "*Jane Doe* <jane@x.com>" or "jane@x.com": { email, name }. */
function readPerson(text) {
  const value = String(text || '').trim();
  const address = ADDRESS.exec(value);
  if (!address) return null;
  const name = value
    .slice(0, address.index)
    .replace(/(\[mailto:|<|\(|"|\*)+\s*$/i, '')
    .replace(/["*]/g, '')
    .trim();
  return { email: address[0].toLowerCase(), name: name === address[0] ? '' : name };
}

/** The forwarder's own words: the text above the forward, without their signature. */
const noteOf = (lines) => replyText(lines.join('\n'));

/** An inline forward: the header block after the marker (or an Outlook From:/Sent: block), then the body. */
function inlineOriginal(text) {
  const lines = String(text || '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  for (let i = 0; i < lines.length; i++) {
    const marked = MARKERS.some((re) => re.test(lines[i]));
    // Outlook without a marker line: "From: …" right above "Sent: …".
    const bareOutlook = /^\s*From:\s/i.test(lines[i]) && /^\s*(Sent|Date):\s/i.test(lines[i + 1] || '');
    if (!marked && !bareOutlook) continue;
    const headers = {};
    let j = marked ? i + 1 : i;
    while (j < lines.length && !lines[j].trim()) j++;
    while (j < lines.length) {
      const found = HEADER.exec(lines[j]);
      if (!found) break;
      headers[found[1].trim().toLowerCase()] = found[2].trim();
      j++;
    }
    const fromKey = FROM_KEYS.find((key) => headers[key]);
    const person = fromKey ? readPerson(headers[fromKey]) : null;
    if (!person) continue;
    const subjectKey = SUBJECT_KEYS.find((key) => headers[key] !== undefined);
    return {
      ...person,
      subject: subjectKey ? headers[subjectKey] : '',
      text: replyText(lines.slice(j).join('\n')),
      messageId: '',
      note: noteOf(lines.slice(0, i)),
    };
  }
  return null;
}

/** The original of forwarded `message` ($inboundMail.parse's answer): { email, name, subject, text, messageId, note } or null. */
function forwardedOriginal(message) {
  for (const attachment of message.attachments || []) {
    if (String(attachment.type || '').toLowerCase() !== 'message/rfc822') continue;
    if (attachment.bytes.length > MAX_ATTACHED) continue;
    let inner;
    try {
      inner = $inboundMail.parse(base64OfBytes(attachment.bytes));
    } catch {
      continue;
    }
    if (!inner.from) continue;
    return {
      email: String(inner.from).toLowerCase(),
      name: String(inner.fromName || ''),
      subject: String(inner.subject || ''),
      text: replyText(inner.text),
      messageId: String(inner.messageId || ''),
      note: replyText(message.text),
    };
  }
  return inlineOriginal(message.text);
}

module.exports = { forwardedOriginal, readPerson };
