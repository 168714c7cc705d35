// The staff tools' reads from an idea's own read (src/features/ideas/staff-reads.ts): the expands' rows in the order
// and fields the tools' own lists gave, the staff-only tags from a unique back-relation whichever shape it comes in,
// and answers read apart when a question's expand may have been cut at PocketBase's 1,000 rows.
import { describe, expect, it } from 'vitest';
import { type StaffExpand, staffReadsOf } from '../../src/features/ideas/staff-reads';

const link = (id: string, created: string) => ({
  id,
  created,
  connection: 'c1',
  post: 'p1',
  issue_key: `K-${id}`,
  url: `https://issues.example/${id}`,
  title: `Issue ${id}`,
  state: 'open',
});
const answer = (id: string, created: string, question: string) => ({
  id,
  created,
  updated: created,
  question,
  user: `u${id}`,
  body: `Answer ${id}`,
  expand: { user: { name: `Name ${id}`, email: 'never@shown.test' } },
});
const question = (id: string, created: string, answers: ReturnType<typeof answer>[]) => ({
  id,
  created,
  post: 'p1',
  body: `Question ${id}`,
  sent_count: 3,
  author: 'staff1',
  expand: { idea_answers_via_question: answers },
});

describe('staffReadsOf', () => {
  it('orders links oldest first, questions newest first and answers oldest first, in the lists’ fields', () => {
    const expand = {
      post_staff_tags_via_post: { tags: ['t1', 't2'] },
      tracker_links_via_post: [link('b', '2026-01-02'), link('a', '2026-01-01')],
      idea_questions_via_post: [
        question('q1', '2026-01-01', [answer('a2', '2026-01-04', 'q1'), answer('a1', '2026-01-02', 'q1')]),
        question('q2', '2026-01-03', [answer('a3', '2026-01-03', 'q2')]),
      ],
    } as unknown as StaffExpand;
    const reads = staffReadsOf(expand);
    expect(reads.staffTagIds).toEqual(['t1', 't2']);
    expect(reads.links.map((l) => l.id)).toEqual(['a', 'b']);
    expect(reads.links[0]).toEqual({
      id: 'a',
      connection: 'c1',
      post: 'p1',
      issue_key: 'K-a',
      url: 'https://issues.example/a',
      title: 'Issue a',
      state: 'open',
    });
    expect(reads.questions).toEqual([
      { id: 'q2', post: 'p1', body: 'Question q2', sent_count: 3, created: '2026-01-03' },
      { id: 'q1', post: 'p1', body: 'Question q1', sent_count: 3, created: '2026-01-01' },
    ]);
    expect(reads.answers?.map((a) => a.id)).toEqual(['a1', 'a3', 'a2']);
    expect(JSON.stringify(reads)).not.toContain('never@shown.test');
  });

  it('reads the staff-only tags from a list of one too, and gives none when there are none', () => {
    expect(staffReadsOf({ post_staff_tags_via_post: [{ tags: ['t9'] }] }).staffTagIds).toEqual(['t9']);
    expect(staffReadsOf({})).toEqual({ staffTagIds: [], links: [], questions: [], answers: [] });
    expect(staffReadsOf(undefined).answers).toEqual([]);
  });

  it('leaves the answers to their own list when a question’s expand may have been cut short', () => {
    const many = Array.from({ length: 1000 }, (_, i) => answer(`a${i}`, '2026-01-01', 'q1'));
    const reads = staffReadsOf({
      idea_questions_via_post: [question('q1', '2026-01-01', many)],
    } as unknown as StaffExpand);
    expect(reads.answers).toBeNull();
    expect(reads.questions).toHaveLength(1);
  });
});
