// The Intercom source's reader: the conversation a signed notification named, read from Intercom's own API (never the
// notification's words), to one capture input for feedback/capture.js: its id `conversation:part`, the teammate's link
// to the conversation, its customer's (contact's) email and name, and the customer's words (the part the notification
// names, else the message that opened the conversation), HTML reduced to plain text, with the teammate who applied
// the tag when that teammate is Chorus staff. Ignored when the conversation does not carry the capture tag, cannot be
// read, holds nothing its customer said, or its customer's conversations passed the hour's limit (platform/limits.js).
const { intercomConversation, intercomContact, intercomAdmin, conversationUrl } = require(
  `${__hooks}/feedback/sources/intercom/api.js`,
);
const { staffByEmail } = require(`${__hooks}/feedback/sources/vendor-api.js`);
const { plainTextOfHtml } = require(`${__hooks}/platform/html-text.js`);
const { take } = require(`${__hooks}/platform/limits.js`);

const CUSTOMERS = ['user', 'lead', 'contact'];
const list = (value, key) => (Array.isArray(value?.[key]) ? value[key] : []);

/** What the customer said, oldest first: the opening message (when theirs) and their comments. */
function customerParts(conversation) {
  const opening =
    conversation.source && CUSTOMERS.includes(conversation.source.author?.type) ? [conversation.source] : [];
  const parts = list(conversation.conversation_parts, 'conversation_parts').filter(
    (part) => part?.part_type === 'comment' && CUSTOMERS.includes(part.author?.type) && part.body,
  );
  return opening.concat(parts).filter((part) => part.id !== undefined && part.id !== null);
}

/** The part captured: one the notification names (when the customer said it), else the first the customer said. */
function chosenPart(conversation, named) {
  const parts = customerParts(conversation);
  const ids = new Set(list(named?.conversation_parts, 'conversation_parts').map((part) => String(part?.id)));
  return parts.find((part) => ids.has(String(part.id))) || parts[0] || null;
}

/** The conversation's tag named `wanted` (case aside), or null. */
const captureTag = (conversation, wanted) =>
  list(conversation.tags, 'tags').find((tag) => String(tag?.name || '').toLowerCase() === wanted.toLowerCase()) || null;

/** The Chorus staff account of the teammate who applied `tag`, or null. */
function staffOf(app, settings, tag) {
  if (tag?.applied_by?.type !== 'admin') return null;
  const admin = intercomAdmin(app, settings, tag.applied_by.id);
  return admin ? staffByEmail(app, admin.email) : null;
}

/**
 * One capture input of `conversation` (as Intercom's API answered it): the part `named` names (when the customer said
 * it), else the first the customer said; `capturedBy` the staff member's id or ''. Null when the customer said nothing.
 */
function captureInput(app, settings, conversation, named, capturedBy) {
  const part = chosenPart(conversation, named);
  if (!part) return null;
  const contactId = list(conversation.contacts, 'contacts')[0]?.id;
  const contact = contactId ? intercomContact(app, settings, contactId) : null;
  return {
    source: 'intercom',
    externalId: `${conversation.id}:${part.id}`,
    url: conversationUrl(settings, conversation.id),
    authorEmail: String(contact?.email || ''),
    authorName: String(contact?.name || ''),
    title: plainTextOfHtml(conversation.title || conversation.source?.subject || ''),
    quote: plainTextOfHtml(part.body),
    capturedBy: capturedBy || '',
  };
}

/**
 * `item`: the notification's data.item (a conversation: only its id and the parts it names are used). Answers
 * { input } for captureFeedback, or { ignored: why }.
 */
function readConversation(app, settings, item) {
  const conversation = intercomConversation(app, settings, item?.id);
  if (!conversation) return { ignored: 'the conversation could not be read' };
  const tag = captureTag(conversation, settings.getString('capture_tag'));
  if (!tag) return { ignored: 'the conversation lacks the capture tag' };
  const contactId = list(conversation.contacts, 'contacts')[0]?.id;
  if (take('intercom-capture', String(contactId || `conversation:${conversation.id}`))) {
    return { ignored: 'its customer sent too many conversations this hour' };
  }
  if (!chosenPart(conversation, item)) return { ignored: 'nothing its customer said' };
  const staff = staffOf(app, settings, tag);
  return { input: captureInput(app, settings, conversation, item, staff ? staff.id : '') };
}

module.exports = { readConversation, captureInput };
