import { describe, expect, it } from 'vitest';
import { checkImages, sniffImageType } from '../../src/features/composer/image-files';
import { checkTitle } from '../../src/features/ideas/idea-title';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];
const png = (name = 'shot.png', size = 100) =>
  new File([new Uint8Array(PNG), new Uint8Array(size)], name, { type: 'image/png' });

describe('sniffImageType', () => {
  it('knows images by their bytes', () => {
    expect(sniffImageType(new Uint8Array(PNG))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('RIFF1234WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('hello, I am text'))).toBeNull();
  });
});

describe('checkImages', () => {
  it('refuses a text file renamed .png, a 20 MB file, and a sixth image', async () => {
    const text = new File(['just some text'], 'notes.png', { type: 'image/png' });
    const huge = new File([new Uint8Array(20 * 1024 * 1024)], 'huge.png', { type: 'image/png' });
    const result = await checkImages([png('a.png'), text, huge, png('b.png')], 4);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(result.errors).toEqual([
      'notes.png is not a JPEG, PNG, WebP or GIF image.',
      'huge.png is 20.0 MB: images can be at most 5 MB.',
      'b.png was not added: at most 5 images can be attached.',
    ]);
  });

  it('names pasted images by their real type', async () => {
    const pasted = new File([new Uint8Array(PNG)], '', { type: '' });
    const { accepted } = await checkImages([pasted], 0);
    expect(accepted[0]?.type).toBe('image/png');
    expect(accepted[0]?.name).toBe('pasted.png');
  });
});

describe('checkTitle', () => {
  it('needs a title of at most 120 characters', () => {
    expect(checkTitle('  ')).toBe('Give your idea a title.');
    expect(checkTitle('x'.repeat(500))).toContain('this one has 500');
    expect(checkTitle('Dark mode')).toBeNull();
  });
});
