// A translated sentence with markup in it (a link, <code>, <strong>): split around its unfilled `{name}`
// placeholders, so a page puts the element where the translator placed it, without cutting the
// sentence into separate messages.
export type MessagePart = { text: string } | { slot: string };

/** `messageParts('Go {link} now')` → [{ text: 'Go ' }, { slot: 'link' }, { text: ' now' }]. */
export function messageParts(message: string): MessagePart[] {
  return message
    .split(/(\{\w+\})/)
    .filter((piece) => piece !== '')
    .map((piece) => (/^\{\w+\}$/.test(piece) ? { slot: piece.slice(1, -1) } : { text: piece }));
}

/** One placeholder: `aroundPlaceholder('Go {link} now', 'link')` → ['Go ', ' now']; without it → [text, '']. */
export function aroundPlaceholder(text: string, name: string): [string, string] {
  const marker = `{${name}}`;
  const at = text.indexOf(marker);
  if (at === -1) return [text, ''];
  return [text.slice(0, at), text.slice(at + marker.length)];
}
