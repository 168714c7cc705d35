// The importer's CSV reader and status names: quoting, line breaks, byte-order mark, line numbers; and
// the plurals its summary counts in.
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../tools/lib/import/csv.mjs';
import { extractImages, statusSlugOf } from '../../tools/lib/import/model.mjs';
import { countOf } from '../../tools/lib/import/summary.mjs';

describe('parseCsv', () => {
  it('reads quoted commas, doubled quotes and line breaks, CRLF or LF, with or without a BOM', () => {
    const text = '\uFEFFid,title,body\r\n1,"A, B","say ""hi"""\r\n2,Two,"first\nsecond"\n\n3,Three,';
    expect(parseCsv(text)).toEqual({
      header: ['id', 'title', 'body'],
      rows: [
        { line: 2, values: { id: '1', title: 'A, B', body: 'say "hi"' } },
        { line: 3, values: { id: '2', title: 'Two', body: 'first\nsecond' } },
        { line: 6, values: { id: '3', title: 'Three', body: '' } },
      ],
    });
  });

  it('gives missing trailing cells as empty strings', () => {
    expect(parseCsv('a,b,c\n1').rows).toEqual([{ line: 2, values: { a: '1', b: '', c: '' } }]);
  });
});

describe('statusSlugOf', () => {
  it.each([
    ['Started', 'in-progress'],
    ['complete', 'done'],
    ['Under Review', 'under-review'],
    ['closed', 'declined'],
    ['Someday', null],
  ])('maps %s to %s', (name, slug) => {
    expect(statusSlugOf(name)).toBe(slug);
  });
});

describe('extractImages', () => {
  it('takes Fider image references out of the text and lists their URLs', () => {
    const body = 'Look:\r\n\r\n![](fider-image:attachments/a-b.png) and ![x](fider-image:attachments/c.png)';
    expect(extractImages(body, (key: string) => `http://fider/static/images/${key}`)).toEqual({
      text: 'Look:\n\n and',
      images: [
        { url: 'http://fider/static/images/attachments/a-b.png', name: 'a-b.png' },
        { url: 'http://fider/static/images/attachments/c.png', name: 'c.png' },
      ],
    });
  });
});

describe('countOf', () => {
  it.each([
    [1, 'tags', '1 tag'],
    [6, 'tags', '6 tags'],
    [0, 'tags', '0 tags'],
    [1, 'users', '1 person'],
    [19, 'users', '19 people'],
    [1, 'posts', '1 idea'],
  ])('counts %i %s as "%s"', (n, kind, words) => {
    expect(countOf(n, kind)).toBe(words);
  });
});
