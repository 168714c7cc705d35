// Run-time colours: readable text on any fill, and per-request CSS that nothing typed into a status can break.
import { describe, expect, it } from 'vitest';
import { contrastRatio, DARK_TEXT, LIGHT_TEXT, readableTextOn } from '../../src/lib/colors';
import { cspHash, shellCss, shellCssHash } from '../../src/lib/inline-style';

describe('readableTextOn', () => {
  it('picks white on dark fills and near-black on light ones', () => {
    expect(readableTextOn('#15803d')).toBe(LIGHT_TEXT);
    expect(readableTextOn('#5b4bdb')).toBe(LIGHT_TEXT);
    expect(readableTextOn('#fde047')).toBe(DARK_TEXT);
    expect(readableTextOn('#ffffff')).toBe(DARK_TEXT);
  });

  it('reaches WCAG AA (4.5:1) on every seeded status colour', () => {
    for (const fill of ['#6b7280', '#0e7490', '#7c3aed', '#b45309', '#15803d', '#b91c1c']) {
      expect(contrastRatio(fill, readableTextOn(fill))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
});

describe('shellCss', () => {
  it('sets the accent and each status colour with its text colour', () => {
    expect(shellCss({ site: { accent_color: '#fde047' }, statuses: [{ slug: 'in-progress', color: '#b45309' }] })).toBe(
      ':root{--accent:#fde047;--on-accent:#111318}[data-status="in-progress"]{--status:#b45309;--on-status:#ffffff}',
    );
  });

  it('ignores an accent or status that could break out of the style block', () => {
    const css = shellCss({
      site: { accent_color: 'red}</style><script>' },
      statuses: [
        { slug: 'x"]{}body{display:none}[a="', color: '#000000' },
        { slug: 'ok', color: '#fff;}body{display:none' },
      ],
    });
    expect(css).toBe(':root{--accent:#5b4bdb;--on-accent:#ffffff}');
  });
});

describe('shellCssHash', () => {
  it('is the hash of the CSS the page inlines, and follows a change of colour', async () => {
    const shell = { site: { accent_color: '#15803d' }, statuses: [{ slug: 'open', color: '#6b7280' }] };
    const first = await shellCssHash(shell);
    expect(first).toBe(await cspHash(shellCss(shell)));
    // Asked again with the same colours (a new object, as each page gets its own copy): the same hash.
    expect(await shellCssHash(structuredClone(shell))).toBe(first);
    const recoloured = { ...shell, statuses: [{ slug: 'open', color: '#b91c1c' }] };
    expect(shellCss(recoloured)).toContain('--status:#b91c1c');
    expect(await shellCssHash(recoloured)).toBe(await cspHash(shellCss(recoloured)));
    expect(await shellCssHash(recoloured)).not.toBe(first);
  });
});
