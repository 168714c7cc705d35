// Staff on an idea page (rendered for staff only): ask the idea's voters and followers one question, and read
// the answers with each answerer's company as they arrive.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { translator } from '../../i18n/current';
import type { AppError } from '../../lib/pb/errors';
import { FormAlert } from '../../ui/FormAlert';
import { $answers, askVoters, followAnswers } from './asks';
import type { AnswerView, Question } from './asks-data';

interface Props {
  postId: string;
  questions: Question[];
  answers: AnswerView[];
}

export default function StaffAsk({ postId, questions: initialQuestions, answers: initialAnswers }: Props) {
  const t = translator('asks');
  const answers = useStore($answers);
  const [questions, setQuestions] = useState(initialQuestions);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  useEffect(() => followAnswers(postId, initialAnswers), [postId, initialAnswers]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const result = await askVoters(postId, body);
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setBody('');
    setSent(result.value.sent_count);
    setQuestions([result.value, ...questions]);
  }

  const fieldError = error?.kind === 'validation' ? error.fields.body : undefined;
  return (
    <section className="staff-ask card" aria-labelledby="staff-ask-title" data-testid="staff-ask">
      <h2 id="staff-ask-title">{t('staffHeading')}</h2>
      <p>{t('staffIntro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <FormAlert error={error} shown={['body']} />
        <div className="field">
          <label htmlFor="ask-body">{t('questionLabel')}</label>
          <textarea
            id="ask-body"
            name="body"
            rows={2}
            maxLength={500}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={fieldError ? true : undefined}
          />
          {fieldError && <p className="field-error">{fieldError}</p>}
        </div>
        <button className="button primary" type="submit" disabled={busy}>
          {t('send')}
        </button>
        {sent !== null && <p role="status">{t('sent', { count: sent })}</p>}
      </form>
      {questions.map((question) => {
        const mine = answers.filter((a) => a.question === question.id);
        return (
          <div key={question.id} className="staff-ask-question">
            <h3>{question.body}</h3>
            <h4>{t('answersHeading')}</h4>
            {mine.length === 0 ? (
              <p>{t('noAnswers')}</p>
            ) : (
              <ul data-testid="staff-answers">
                {mine.map((answer) => (
                  <li key={answer.id}>
                    <strong>{answer.name}</strong> ({answer.company || t('noCompany')}): {answer.body}
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}
