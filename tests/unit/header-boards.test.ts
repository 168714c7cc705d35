// The header's board budget: a label's width (CJK letters double), which boards are links at which width, and
// that past the first board that does not fit none is a link (the links keep the menu's order).
import { describe, expect, it } from 'vitest';
import { labelUnits, menuHiddenFrom, placeBoards } from '../../src/features/site/header-boards';

const header = { brand: 'Lumen', others: ['Roadmap', 'Changelog'], menuLabel: 'Boards' };
const names = (n: number, label = (i: number) => `Area ${i + 1}`) => Array.from({ length: n }, (_, i) => label(i));

describe('the header’s boards', () => {
  it('counts CJK letters twice', () => {
    expect(labelUnits('Mobile')).toBe(6);
    expect(labelUnits('モバイル')).toBe(8);
    expect(labelUnits('التطبيق')).toBe(7);
  });

  it('one short board is a link at every width, with no menu', () => {
    expect(placeBoards(['Features'], header)).toEqual({ tiers: [1], menu: false });
  });

  it('with 8, 20 or 50 boards the menu holds them all and the links fit the widest budget', () => {
    for (const n of [8, 20, 50]) {
      const { tiers, menu } = placeBoards(names(n), header);
      expect(menu).toBe(true);
      expect(tiers).toHaveLength(n);
      const links = tiers.filter((tier) => tier !== null);
      expect(links.length).toBeGreaterThan(0);
      expect(links.length).toBeLessThan(8);
      // Tiers never go down, and once a board is menu-only every later one is.
      const firstMenuOnly = tiers.indexOf(null);
      expect(tiers.slice(firstMenuOnly).every((tier) => tier === null)).toBe(true);
      expect([...links].sort()).toEqual(links);
    }
  });

  it('Japanese labels take twice the room: fewer links than the same count of Latin letters', () => {
    const latin = placeBoards(
      names(20, () => 'Abcdef'),
      header,
    ).tiers.filter(Boolean).length;
    const japanese = placeBoards(
      names(20, () => 'モバイル版'),
      header,
    ).tiers.filter(Boolean).length;
    expect(japanese).toBeLessThan(latin);
  });

  it('the menu hides where every board is a link, and stays while one is menu-only', () => {
    expect(menuHiddenFrom([1, 1, 3])).toBe(3);
    expect(menuHiddenFrom([1, 2])).toBe(2);
    expect(menuHiddenFrom([1, 2, null])).toBe(null);
    const { tiers } = placeBoards(['Feature requests', 'Bug reports', 'Integrations'], header);
    expect(tiers).not.toContain(null);
    expect(menuHiddenFrom(tiers)).not.toBe(null);
  });
});
