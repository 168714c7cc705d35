// Local wall-clock instants for tests of things sent at a local hour (digests): computed with Intl, apart
// from the server's own time zone code, so a test checks the server rather than repeating it.

/** Milliseconds `zone` is ahead of UTC at instant `at`. */
export function offsetOf(zone: string, at: number): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, Number(p.value)])) as Record<
    string,
    number
  >;
  const part = (name: string) => parts[name] ?? 0;
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return local - Math.floor(at / 1000) * 1000;
}

/** The first 08:00 in `zone` strictly after `after` (the first Monday's when `monday`). */
export function nextLocalEight(zone: string, after: number, monday = false): number {
  const local = new Date(after + offsetOf(zone, after));
  for (let days = 0; days < 9; days += 1) {
    const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, 8);
    const instant = day - offsetOf(zone, day);
    if (instant > after && (!monday || new Date(day).getUTCDay() === 1)) return instant;
  }
  throw new Error('no 08:00 found');
}
