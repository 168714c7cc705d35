// Staff controls on an idea page (rendered for staff only): status with an official response, tags,
// pin, lock, approval, delete, merge and vote on behalf.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { translator } from '../../i18n/current';
import AskFirst from '../../ui/AskFirst';
import { NamedOptions } from '../../ui/Options';
import StaffMerge from './StaffMerge';
import StaffTags, { type TagOption } from './StaffTags';
import StaffVoteOnBehalf from './StaffVoteOnBehalf';
import { $staffPost, changeStatus, removePost, type StaffPostState, setFlag, startStaffPost } from './staff';
import type { StaffFlag } from './staff-data';

interface Props {
  post: StaffPostState;
  statuses: { id: string; name: string }[];
  tags: TagOption[];
}

/** Each flag's button, by the message keys of what it does when the flag is on and when it is off. */
const FLAGS = [
  { flag: 'approved', on: 'hide', off: 'approve' },
  { flag: 'pinned', on: 'unpin', off: 'pin' },
  { flag: 'locked', on: 'unlock', off: 'lock' },
] as const satisfies readonly { flag: StaffFlag; on: string; off: string }[];

export default function StaffPanel({ post: initial, statuses, tags }: Props) {
  const t = translator('staffTools');
  const post = useStore($staffPost) ?? initial;
  useEffect(() => startStaffPost(initial), [initial]);

  function submitStatus(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void changeStatus(String(form.get('status')), String(form.get('response') ?? ''));
  }

  // Deleting asks first, in place, saying what goes with the idea (AskFirst).
  const [asking, setAsking] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);

  return (
    <aside className="staff-panel card" aria-labelledby="staff-panel-title" data-testid="staff-panel">
      <h2 id="staff-panel-title">{t('heading')}</h2>
      <form className="form" onSubmit={submitStatus}>
        <div className="field">
          <label htmlFor="staff-status">{t('status')}</label>
          <select id="staff-status" name="status" defaultValue={post.status} key={post.status}>
            <NamedOptions records={statuses} />
          </select>
        </div>
        <div className="field">
          <label htmlFor="staff-response">{t('response')}</label>
          <textarea id="staff-response" name="response" rows={3} maxLength={5000} defaultValue={post.response} />
        </div>
        <button type="submit" className="button primary">
          {t('updateStatus')}
        </button>
      </form>
      <StaffTags tags={tags} />
      <div className="staff-flags">
        {FLAGS.map(({ flag, on, off }) => (
          <button
            key={flag}
            type="button"
            className="button"
            aria-pressed={flag === 'approved' ? undefined : post[flag]}
            onClick={() => setFlag(flag, !post[flag])}
          >
            {t(post[flag] ? on : off)}
          </button>
        ))}
        <button
          type="button"
          className="button danger"
          ref={deleteButton}
          disabled={asking}
          onClick={() => setAsking(true)}
        >
          {t('delete')}
        </button>
        {asking && (
          <AskFirst
            question={t('confirmDelete')}
            confirm={t('delete')}
            cancel={t('cancel')}
            onConfirm={() => void removePost()}
            onCancel={() => {
              setAsking(false);
              requestAnimationFrame(() => deleteButton.current?.focus());
            }}
          />
        )}
      </div>
      <StaffMerge />
      <StaffVoteOnBehalf />
    </aside>
  );
}
