// What an idea page's staff tools read, taken from the idea's own read (issue 59): back-relation expands of its
// staff-only tags, its tracker links, and its questions with their answers, where there were four filtered list
// requests. Each was a request of its own, and PocketBase throttles an address's repeated empty filtered lists by up
// to 500 ms (more than three in three seconds on one collection): a staff member opening ideas one after another met
// it on every idea without tags, links or questions. An expand reads at most 1,000 related rows, in no set order: the
// rows are sorted here, and answers that may have been cut short are read by their own list instead.
import type { AnswerRow, Question } from '../asks/asks-data';
import type { TrackerLink } from '../trackers/trackers-data';

/** The staff-only expands of the idea's read (their view rules are staff's alone, or a member's own). */
export const STAFF_EXPAND = [
  'post_staff_tags_via_post',
  'tracker_links_via_post',
  'idea_questions_via_post.idea_answers_via_question.user',
].join(',');

/** The most related rows PocketBase expands in one back-relation (apis' expand limit). */
const EXPAND_LIMIT = 1000;

type Created = { id: string; created: string };
type ExpandedQuestion = Question & { expand?: { idea_answers_via_question?: AnswerRow[] } };

/** The idea's expands as the read answered them (a unique back-relation expands to one record). */
export interface StaffExpand {
  post_staff_tags_via_post?: { tags?: string[] } | { tags?: string[] }[];
  tracker_links_via_post?: (TrackerLink & Created)[];
  idea_questions_via_post?: ExpandedQuestion[];
}

/** What the staff tools show of the idea; `answers` null when some question may hold more than an expand reads. */
export interface StaffReads {
  staffTagIds: string[];
  links: TrackerLink[];
  questions: Question[];
  answers: AnswerRow[] | null;
}

const oldestFirst = (a: Created, b: Created) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id);

/** The staff tools' reads from the idea's expands, in the order and fields their own lists gave. */
export function staffReadsOf(expand: StaffExpand | undefined): StaffReads {
  const questions = [...(expand?.idea_questions_via_post ?? [])].sort((a, b) => oldestFirst(b, a));
  const answerLists = questions.map((question) => question.expand?.idea_answers_via_question ?? []);
  const cut = answerLists.some((answers) => answers.length >= EXPAND_LIMIT);
  return {
    staffTagIds: [expand?.post_staff_tags_via_post ?? []].flat()[0]?.tags ?? [],
    links: [...(expand?.tracker_links_via_post ?? [])]
      .sort(oldestFirst)
      .map(({ id, connection, post, issue_key, url, title, state }) => ({
        id,
        connection,
        post,
        issue_key,
        url,
        title,
        state,
      })),
    questions: questions.map(({ id, post, body, sent_count = 0, created }) => ({
      id,
      post,
      body,
      sent_count,
      created,
    })),
    answers: cut
      ? null
      : answerLists
          .flat()
          .sort(oldestFirst)
          .map(({ id, question, user, body, created, updated, expand }) => ({
            id,
            question,
            user,
            body,
            created,
            updated,
            expand: { user: { name: expand?.user?.name ?? '' } },
          })),
  };
}
