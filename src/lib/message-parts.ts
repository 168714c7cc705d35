// A translated sentence with markup in it (a link, <code>, <strong>): the text before and after one
// placeholder, so pages render the element in between without concatenating translated pieces.

/** `aroundPlaceholder('Go {link} now', 'link')` → ['Go ', ' now']; a sentence without it → [text, '']. */
export function aroundPlaceholder(text: string, name: string): [string, string] {
  const marker = `{${name}}`;
  const at = text.indexOf(marker);
  if (at === -1) return [text, ''];
  return [text.slice(0, at), text.slice(at + marker.length)];
}
