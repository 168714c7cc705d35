// The audit log's filters from a URL: hostile or malformed input is cut, dropped or bound, never spliced
// into PocketBase's filter text; a typed % or _ matches itself in the action prefix.
import PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { auditFilter, auditParamsOf, auditQueryOf } from '../../src/features/audit/audit';

const pb = new PocketBase('http://127.0.0.1:1');

describe('audit log filters', () => {
  it('keeps trimmed values and drops empty ones and dates that are not YYYY-MM-DD', () => {
    const query = auditQueryOf(
      new URLSearchParams({ actor: '  Morgan ', action: '', target: 'abc', from: '2026-13', to: '2026-11-23' }),
    );
    expect(query).toEqual({ actor: 'Morgan', target: 'abc', to: '2026-11-23' });
  });

  it("reads the form's keys (audit_action, audit_target), and the old action and target of saved links", () => {
    const params = new URLSearchParams({ audit_action: 'post.', audit_target: 'abc' });
    expect(auditQueryOf(params)).toEqual({ action: 'post.', target: 'abc' });
    expect(auditQueryOf(new URLSearchParams({ action: 'post.', target: 'abc' }))).toEqual({
      action: 'post.',
      target: 'abc',
    });
    expect(auditQueryOf(new URLSearchParams({ audit_action: 'vote.', action: 'post.' })).action).toBe('vote.');
    expect(auditParamsOf({ actor: 'Morgan', action: 'post.', target: 'abc' })).toEqual({
      actor: 'Morgan',
      audit_action: 'post.',
      audit_target: 'abc',
    });
  });

  it('cuts each value to its field size', () => {
    const query = auditQueryOf(new URLSearchParams({ actor: 'a'.repeat(500), target: 't'.repeat(500) }));
    expect(query.actor).toHaveLength(200);
    expect(query.target).toHaveLength(300);
  });

  it('binds values (quotes cannot end the filter) and takes the "to" day whole', () => {
    const filter = auditFilter(pb, { actor: `x" || actor != "`, action: 'post.', to: '2026-12-31' });
    expect(filter).toContain('actor = "x\\" || actor != \\""');
    expect(filter).not.toMatch(/actor = "x" \|\|/);
    expect(filter).toContain('action ~ "post.%"');
    expect(filter).toContain('created < "2027-01-01 00:00:00.000Z"');
  });

  it('escapes LIKE wildcards a person types in the action', () => {
    expect(auditFilter(pb, { action: '100%_' })).toContain('action ~ "100\\\\%\\\\_%"');
  });

  it('no filters, no filter', () => {
    expect(auditFilter(pb, {})).toBe('');
  });
});
