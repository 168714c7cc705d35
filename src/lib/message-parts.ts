// Splits a translated sentence around its unfilled `{name}` placeholders, so a page can put a link or
// code element where the translator placed it, without cutting the sentence into separate messages.
export type MessagePart = { text: string } | { slot: string };

export function messageParts(message: string): MessagePart[] {
  return message
    .split(/(\{\w+\})/)
    .filter((piece) => piece !== '')
    .map((piece) => (/^\{\w+\}$/.test(piece) ? { slot: piece.slice(1, -1) } : { text: piece }));
}
