// Staff on an idea page: ask its voters a question, and see the answers arrive live (PocketBase's private
// stream on idea_answers, filtered to this idea; its rules send answers to staff only).
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { attempt, type Result, refuse } from '../../stores/action';
import { getClient } from '../../stores/client';
import { listen } from '../../stores/realtime';
import { type AnswerView, loadAnswer, type SentQuestion, sendQuestion } from './asks-data';

export const $answers = atom<AnswerView[]>([]);

function add(answer: AnswerView): void {
  const current = $answers.get();
  if (!current.some((a) => a.id === answer.id)) $answers.set([...current, answer]);
}

/** Shows `initial` and follows new answers about `postId`; returns how to stop. */
export function followAnswers(postId: string, initial: AnswerView[]): () => void {
  $answers.set(initial);
  const filter = getClient().filter('question.post = {:post}', { post: postId });
  return listen<{ id: string }>(
    'idea_answers',
    '*',
    (event) => {
      if (event.action !== 'create') return;
      void loadAnswer(getClient(), event.record.id)
        .then(add)
        .catch(() => {});
    },
    { filter },
  );
}

export async function askVoters(postId: string, body: string): Promise<Result<SentQuestion>> {
  const text = body.trim();
  const required = translate('fieldErrors', 'required');
  if (!text) return refuse(required, { fields: { body: required } });
  return attempt(() => sendQuestion(getClient(), postId, text));
}
