// Questions staff send to an idea's voters, and the answers (staff read all; a member only a question they were
// sent and their own answer: pb_migrations/1764450040_*, 1764450050_*).
import { anyOf } from '../../lib/pb/any-of';
import type { PocketBase } from '../../lib/pb/client';
import type { IdeaAnswersRecord, IdeaQuestionsRecord } from '../../lib/pb/pb-types';

export type Question = Pick<IdeaQuestionsRecord, 'id' | 'post' | 'body' | 'sent_count' | 'created'>;
export interface AnswerView {
  id: string;
  question: string;
  body: string;
  created: string;
  name: string;
  company: string;
}
export interface SentQuestion extends Question {
  sent_count: number;
}

/** Staff: sends one question to the idea's voters and followers (POST /api/chorus/posts/{id}/ask). */
export function sendQuestion(pb: PocketBase, postId: string, body: string): Promise<SentQuestion> {
  return pb.send<SentQuestion>(`/api/chorus/posts/${encodeURIComponent(postId)}/ask`, {
    method: 'POST',
    body: { body },
  });
}

/** The questions about an idea the caller may read (staff: all; a member: those sent to them), newest first. */
export function listQuestions(pb: PocketBase, postId: string): Promise<Question[]> {
  return pb.collection('idea_questions').getFullList<Question>({
    filter: pb.filter('post = {:post}', { post: postId }),
    sort: '-created',
    fields: 'id,post,body,sent_count,created',
  });
}

/** An answer as read, with its answerer's name. */
export type AnswerRow = IdeaAnswersRecord & { expand?: { user?: { name: string } } };

/** Each answerer's company name (staff only: member_profiles and companies are staff-only). */
async function companiesOf(pb: PocketBase, userIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const profiles = await pb
    .collection('member_profiles')
    .getFullList<{ user: string; expand?: { company?: { name: string } } }>({
      filter: anyOf(pb, 'user', unique),
      expand: 'company',
      fields: 'user,expand.company.name',
    });
  return new Map(profiles.map((p) => [p.user, p.expand?.company?.name ?? '']));
}

/** Answers as staff see them: each with its answerer's name and company (one read of the companies). */
export async function toViews(pb: PocketBase, rows: AnswerRow[]): Promise<AnswerView[]> {
  const companies = await companiesOf(
    pb,
    rows.map((row) => row.user),
  );
  return rows.map((row) => ({
    id: row.id,
    question: row.question,
    body: row.body,
    created: row.created,
    name: row.expand?.user?.name ?? '',
    company: companies.get(row.user) ?? '',
  }));
}

/** Staff: every answer about an idea, oldest first, with each answerer's name and company. */
export async function listAnswers(pb: PocketBase, postId: string): Promise<AnswerView[]> {
  const rows = await pb.collection('idea_answers').getFullList<AnswerRow>({
    filter: pb.filter('question.post = {:post}', { post: postId }),
    sort: 'created',
    expand: 'user',
    fields: 'id,question,user,body,created,expand.user.name',
  });
  return toViews(pb, rows);
}

/** Staff: one answer as shown on the idea (after a live event). */
export async function loadAnswer(pb: PocketBase, id: string): Promise<AnswerView> {
  const row = await pb.collection('idea_answers').getOne<AnswerRow>(id, {
    expand: 'user',
    fields: 'id,question,user,body,created,expand.user.name',
  });
  const [view] = await toViews(pb, [row]);
  return view as AnswerView;
}

export function createAnswer(pb: PocketBase, question: string, user: string, body: string) {
  return pb.collection('idea_answers').create({ question, user, body });
}
