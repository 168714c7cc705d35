// Members: admins change roles; staff block and unblock (the API rules decide who may do what).
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Role } from '../lib/pb/types';
import { $members, changeMember, type MemberRow } from '../stores/moderation';
import Toaster from './Toaster';

const ROLES: Role[] = ['member', 'moderator', 'admin'];

export default function AdminMembers({
  initial,
  canSetRoles,
  selfId,
}: {
  initial: MemberRow[];
  canSetRoles: boolean;
  selfId: string;
}) {
  const members = useStore($members) ?? initial;
  useEffect(() => {
    if ($members.get() === null) $members.set(initial);
  }, [initial]);
  return (
    <>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Access</th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.id} data-testid="member-row">
              <td>{m.name || '(no name)'}</td>
              <td>
                {canSetRoles && m.id !== selfId ? (
                  <select
                    aria-label={`Role of ${m.name || 'member'}`}
                    value={m.role}
                    onChange={(e) => changeMember(m.id, { role: e.target.value as Role })}
                  >
                    {ROLES.map((r) => (
                      <option key={r}>{r}</option>
                    ))}
                  </select>
                ) : (
                  m.role
                )}
              </td>
              <td>
                {m.id === selfId ? (
                  'You'
                ) : (
                  <button
                    type="button"
                    className={m.blocked ? 'button' : 'button danger'}
                    onClick={() => changeMember(m.id, { blocked: !m.blocked })}
                  >
                    {m.blocked ? 'Unblock' : 'Block'}
                    <span className="visually-hidden"> {m.name || 'member'}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Toaster />
    </>
  );
}
