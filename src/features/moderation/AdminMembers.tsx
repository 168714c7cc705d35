// Members: admins change roles; staff block and unblock (the API rules decide who may do what). An API key's
// service member is shown as the key it is, with no controls: it changes only with its key.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { translator } from '../../i18n/current';
import { actionName } from '../../lib/action-name';
import type { Role } from '../../lib/pb/types';
import { AdminTable } from '../../ui/AdminTable';
import Toaster from '../../ui/Toaster';
import type { KeyMember } from '../api-keys/api-keys-data';
import type { MemberProfile } from '../customers/customers';
import MemberCustomer from '../customers/MemberCustomer';
import { startProfiles } from '../customers/member-profiles';
import { $members, changeMember, type MemberRow } from './moderation';

const ROLES: Role[] = ['member', 'moderator', 'admin'];
// i18n-keys: adminMembers.role_*

export default function AdminMembers({
  initial,
  canSetRoles,
  selfId,
  profiles = {},
  keyMembers = {},
}: {
  initial: MemberRow[];
  canSetRoles: boolean;
  selfId: string;
  /** Each listed member's company and attributes (staff only, issue #24). */
  profiles?: Record<string, MemberProfile>;
  /** Listed members who are API keys' service members, by member id (issue #26). */
  keyMembers?: Record<string, KeyMember>;
}) {
  const t = translator('adminMembers');
  const roleName = (role: Role) => t(`role_${role}`);
  const members = useStore($members) ?? initial;
  useEffect(() => {
    if ($members.get() === null) $members.set(initial);
  }, [initial]);
  useEffect(() => startProfiles(profiles), [profiles]);
  return (
    <>
      <AdminTable
        label={translator('customers')('membersTable')}
        columns={[t('name'), t('role'), t('access'), translator('customers')('customer')]}
      >
        {members.map((m) =>
          keyMembers[m.id] ? (
            <KeyMemberRow key={m.id} name={m.name} apiKey={keyMembers[m.id] as KeyMember} canManage={canSetRoles} />
          ) : (
            <tr key={m.id} data-testid="member-row">
              <td>
                {m.name || t('noName')}
                {canSetRoles && (
                  <>
                    {' · '}
                    <a
                      href={`/admin/members/${m.id}`}
                      aria-label={actionName(translator('myData')('adminLink'), m.name || t('aMember'))}
                    >
                      {translator('myData')('adminLink')}
                    </a>
                  </>
                )}
              </td>
              <td>
                {canSetRoles && m.id !== selfId ? (
                  <select
                    aria-label={t('roleOf', { name: m.name || t('aMember') })}
                    value={m.role}
                    onChange={(e) => changeMember(m.id, { role: e.target.value as Role })}
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {roleName(r)}
                      </option>
                    ))}
                  </select>
                ) : (
                  roleName(m.role)
                )}
              </td>
              <td>
                {m.id === selfId ? (
                  t('you')
                ) : (
                  <button
                    type="button"
                    className={m.blocked ? 'button' : 'button danger'}
                    onClick={() => changeMember(m.id, { blocked: !m.blocked })}
                    aria-label={actionName(m.blocked ? t('unblock') : t('block'), m.name || t('aMember'))}
                  >
                    {m.blocked ? t('unblock') : t('block')}
                  </button>
                )}
              </td>
              <td>
                <MemberCustomer userId={m.id} name={m.name || t('aMember')} />
              </td>
            </tr>
          ),
        )}
      </AdminTable>
      <Toaster />
    </>
  );
}

/** A key's service member: what it is, and where it is managed; no role, block or account controls. */
function KeyMemberRow({ name, apiKey, canManage }: { name: string; apiKey: KeyMember; canManage: boolean }) {
  const k = translator('apiKeys');
  return (
    <tr data-testid="member-row" data-api-key={apiKey.key}>
      <td>{name || apiKey.name}</td>
      <td>{k('memberIsKey', { scope: k(`scope_${apiKey.scope}`) })}</td>
      <td>
        {apiKey.revoked ? `${k('memberKeyRevoked')} · ` : ''}
        {canManage ? <a href="/admin/api-keys">{k('memberManaged')}</a> : k('memberManaged')}
      </td>
      <td />
    </tr>
  );
}
