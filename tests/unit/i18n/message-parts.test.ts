// Sentences with an element inside are split at its placeholder, whatever the word order.
import { describe, expect, it } from 'vitest';
import { aroundPlaceholder } from '../../../src/lib/message-parts';

describe('text around a placeholder', () => {
  it('splits where the placeholder sits, start, middle or end', () => {
    expect(aroundPlaceholder('New here? {link}', 'link')).toEqual(['New here? ', '']);
    expect(aroundPlaceholder('{link}してください。', 'link')).toEqual(['', 'してください。']);
    expect(aroundPlaceholder('Rien à {path}, désolé.', 'path')).toEqual(['Rien à ', ', désolé.']);
  });

  it('keeps a sentence without the placeholder whole', () => {
    expect(aroundPlaceholder('Nothing here', 'link')).toEqual(['Nothing here', '']);
  });
});
