/** Splits plain text into paragraphs on blank lines (for short site texts like the welcome message). */
export function toParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
