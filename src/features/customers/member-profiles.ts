// Staff edit a member's company and attributes on /admin/members (issue #24): the listed members' profiles,
// a company search by name, and saving (PocketBase's rules: staff only; its hooks check the attributes).
import { map } from 'nanostores';
import { translate } from '../../i18n/current';
import { act, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';
import { type AttributeValue, type MemberProfile, saveMemberProfile, searchCompanies } from './customers';

/** Per member id, their profile (absent: none yet). */
export const $profiles = map<Record<string, MemberProfile>>({});

export function startProfiles(initial: Record<string, MemberProfile>): void {
  if (Object.keys($profiles.get()).length === 0) $profiles.set(initial);
}

export function findCompanies(query: string) {
  return query.trim() ? searchCompanies(getClient(), query.trim()).catch(() => []) : Promise.resolve([]);
}

const KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** "key = value" lines as a typed map: true/false, numbers, else text; the first bad line's number otherwise. */
export function parseAttributes(text: string): { attributes: Record<string, AttributeValue> } | { badLine: number } {
  const attributes: Record<string, AttributeValue> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = (lines[i] ?? '').trim();
    if (!line) continue;
    const at = line.indexOf('=');
    const key = at > 0 ? line.slice(0, at).trim() : '';
    if (!KEY.test(key)) return { badLine: i + 1 };
    const raw = line.slice(at + 1).trim();
    attributes[key] = raw === 'true' ? true : raw === 'false' ? false : /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  }
  return { attributes };
}

export function formatAttributes(attributes: Record<string, AttributeValue> | null | undefined): string {
  return Object.entries(attributes ?? {})
    .map(([key, value]) => `${key} = ${String(value)}`)
    .join('\n');
}

export function saveProfile(
  userId: string,
  company: string,
  attributes: Record<string, AttributeValue>,
): Promise<Result<MemberProfile>> {
  const existing = $profiles.get()[userId];
  return act({
    send: () => saveMemberProfile(getClient(), existing?.id ?? null, userId, { company, attributes }),
    confirm: (profile) => $profiles.setKey(userId, profile),
    success: translate('customers', 'customerSaved'),
    failure: '',
  });
}
