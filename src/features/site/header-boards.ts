// Which boards the header shows as links at each width, so it stays one row with any number of boards: a
// label-width budget per breakpoint (src/styles/shell.css hides the links of the wider tiers below theirs),
// the rest only in the Boards menu, which lists every board. Widths are counted in "units" of about one
// Latin letter at the header's size; CJK letters count double.

/** The header's content width in units at each desktop breakpoint of shell.css (52, 64 and 72 rem). */
const TIER_WIDTHS = [94, 116, 131] as const;
/** What is always there: the logo and gaps, the bell, the account menu or the two sign-in buttons. */
const FIXED_UNITS = 42;
/** A link's padding and the gap after it. */
const LINK_UNITS = 3.5;
/** The longest brand name the budget reserves room for (longer ones are cut with an ellipsis). */
const BRAND_CAP = 20;

const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\ud840-\ud87f][\udc00-\udfff]/g;

/** A label's width in units: its letters, CJK ones twice. */
export function labelUnits(label: string): number {
  const wide = label.match(WIDE)?.length ?? 0;
  return [...label].length + wide;
}

const linkUnits = (label: string) => labelUnits(label) + LINK_UNITS;

/** Where a board's link shows: from tier 1 (every desktop width), 2 or 3 (the widest) on, or only in the menu. */
export type BoardTier = 1 | 2 | 3 | null;

/**
 * The tier of each board (in the order given: the one set in /admin/boards), and whether the Boards menu is
 * needed (some board is not a link at every desktop width). `others` are the header's other links (roadmap,
 * changelog); `menuLabel` is the Boards menu's button.
 */
export function placeBoards(
  boards: string[],
  { brand, others, menuLabel }: { brand: string; others: string[]; menuLabel: string },
): { tiers: BoardTier[]; menu: boolean } {
  const fixed =
    FIXED_UNITS + Math.min(labelUnits(brand), BRAND_CAP) + others.reduce((sum, label) => sum + linkUnits(label), 0);
  const withMenu = fixed + linkUnits(menuLabel) + 2;
  // With every board shown at the narrowest desktop width, no menu is needed and its room goes to the links.
  const total = boards.reduce((sum, label) => sum + linkUnits(label), 0);
  if (fixed + total <= TIER_WIDTHS[0]) return { tiers: boards.map(() => 1), menu: false };
  const tiers: BoardTier[] = [];
  let used = withMenu;
  for (const label of boards) {
    used += linkUnits(label);
    const tier = TIER_WIDTHS.findIndex((width) => used <= width);
    // Past the first board that does not fit, none is a link: the links stay in the order of the menu.
    tiers.push(tier === -1 || tiers.at(-1) === null ? null : ((tier + 1) as BoardTier));
  }
  return { tiers, menu: true };
}

/**
 * The tier from which every board is a link, so the Boards menu has nothing to add and hides (shell.css): null
 * while some board is only in the menu.
 */
export function menuHiddenFrom(tiers: readonly BoardTier[]): BoardTier {
  if (tiers.includes(null)) return null;
  return Math.max(1, ...(tiers as number[])) as BoardTier;
}
