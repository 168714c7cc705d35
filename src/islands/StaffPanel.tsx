// Staff controls on an idea page (rendered for staff only): status with an official response, tags,
// pin, lock, approval, delete, merge and vote on behalf.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect } from 'react';
import type { StaffFlag } from '../lib/pb/staff';
import { $staffPost, changeStatus, removePost, type StaffPostState, setFlag, startStaffPost } from '../stores/staff';
import StaffMerge from './StaffMerge';
import StaffTags, { type TagOption } from './StaffTags';
import StaffVoteOnBehalf from './StaffVoteOnBehalf';

interface Props {
  post: StaffPostState;
  statuses: { id: string; name: string }[];
  tags: TagOption[];
}

const FLAGS: { flag: StaffFlag; on: string; off: string }[] = [
  { flag: 'approved', on: 'Hide (back to the queue)', off: 'Approve' },
  { flag: 'pinned', on: 'Unpin', off: 'Pin' },
  { flag: 'locked', on: 'Unlock', off: 'Lock' },
];

export default function StaffPanel({ post: initial, statuses, tags }: Props) {
  const post = useStore($staffPost) ?? initial;
  useEffect(() => startStaffPost(initial), [initial]);

  function submitStatus(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void changeStatus(String(form.get('status')), String(form.get('response') ?? ''));
  }

  function confirmDelete() {
    if (window.confirm('Delete this idea with its votes and comments? This cannot be undone.')) void removePost();
  }

  return (
    <aside className="staff-panel card" aria-labelledby="staff-panel-title" data-testid="staff-panel">
      <h2 id="staff-panel-title">Staff</h2>
      <form className="form" onSubmit={submitStatus}>
        <div className="field">
          <label htmlFor="staff-status">Status</label>
          <select id="staff-status" name="status" defaultValue={post.status} key={post.status}>
            {statuses.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="staff-response">Official response (optional)</label>
          <textarea id="staff-response" name="response" rows={3} maxLength={5000} defaultValue={post.response} />
        </div>
        <button type="submit" className="button primary">
          Update status
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
            {post[flag] ? on : off}
          </button>
        ))}
        <button type="button" className="button danger" onClick={confirmDelete}>
          Delete
        </button>
      </div>
      <StaffMerge />
      <StaffVoteOnBehalf />
    </aside>
  );
}
