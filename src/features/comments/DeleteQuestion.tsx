// "Delete this comment (and its replies)?" asked in place before a comment goes, focus on the answer. Loaded only
// when someone reaches for Delete (CommentItem.tsx), so the idea page's up-front JavaScript does not carry it
// (it imports no store: a store it shared with the comments island would move into every page's shared chunk).
import { useEffect, useRef } from 'react';
import { translator } from '../../i18n/current';

interface Props {
  /** How many replies go with it (the database deletes them too): the question says so. */
  replies: number;
  onDelete: () => void;
  onCancel: () => void;
}

export default function DeleteQuestion({ replies, onDelete, onCancel }: Props) {
  const t = translator('comments');
  const answer = useRef<HTMLButtonElement>(null);
  useEffect(() => answer.current?.focus(), []);
  return (
    <fieldset className="comment-delete">
      <legend>{replies ? t('deleteAskReplies', { count: replies }) : t('deleteAsk')}</legend>
      <button type="button" className="button danger" ref={answer} onClick={onDelete}>
        {t('delete')}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        {t('cancel')}
      </button>
    </fieldset>
  );
}
