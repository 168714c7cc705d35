// Human ages for ideas and comments ("3 days ago"), computed where the page is rendered.
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function formatAge(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso.replace(' ', 'T'));
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((now - then) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** A PocketBase date ("2026-01-02 03:04:05.678Z") as an ISO string for <time datetime>. */
export function toIso(pbDate: string): string {
  return pbDate ? pbDate.replace(' ', 'T') : '';
}
