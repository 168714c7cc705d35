// The reads the site makes without a member's token (signedOut in src/lib/pb/client.ts: the site record, the
// statuses, a non-staff caller's tags) stay reads whose rules answer everyone alike: a rule that came to depend on
// the person would show a member the visitor's answer, so it fails here first.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Collection {
  name: string;
  listRule: string | null;
  viewRule: string | null;
}
const schema = JSON.parse(readFileSync('pb_schema.json', 'utf8')) as Collection[];
const rulesOf = (name: string) => {
  const collection = schema.find((c) => c.name === name);
  if (!collection) throw new Error(`No collection ${name} in pb_schema.json.`);
  return [collection.listRule, collection.viewRule];
};
const STAFF = '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))';

describe('what the site reads without the member’s token', () => {
  it('the site record and the statuses are open to everyone', () => {
    expect(rulesOf('site')).toEqual(['', '']);
    expect(rulesOf('statuses')).toEqual(['', '']);
  });

  it('tags differ only for staff, who read them with their own token', () => {
    for (const rule of rulesOf('tags')) {
      expect(rule).toBe(`(staff_only = false || ${STAFF})`);
      expect(rule?.replace(STAFF, '')).not.toContain('@request');
    }
  });
});
