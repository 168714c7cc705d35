// Staff-only customer data (issue #24): companies, a member's company and attributes, and what each idea is
// worth (post_insights, same id as the idea). Read with the staff member's own token: PocketBase's rules
// answer nothing of it to anyone else, so these reads are only made for staff.
import { anyOf } from '../../lib/pb/any-of';
import type { PocketBase } from '../../lib/pb/client';

export interface CompanyRecord {
  id: string;
  external_id: string;
  name: string;
  plan: string;
  monthly_revenue: number;
  /** Where the revenue came from ('' unknown, 'manual', 'csv', 'sso', 'stripe') and when (issue 58). */
  revenue_source?: string;
  revenue_at?: string;
  /** A value a source (Stripe) offered instead of one people gave, until an admin accepts it. */
  pending_revenue?: number;
  pending_source?: string;
  pending_at?: string;
  /** The company's web domain (staff or HubSpot), and what HubSpot keeps: owner, lifecycle stage, when (issue 58). */
  domain?: string;
  owner_name?: string;
  lifecycle_stage?: string;
  hubspot_at?: string;
}

export interface CompanyRow extends CompanyRecord {
  members: number;
}

export type PlanWorth = Record<string, { votes: number; revenue: number; companies: number }>;

export interface IdeaWorth {
  revenue: number;
  company_count: number;
  plans: PlanWorth;
  /** The voters' companies, most revenue first (at most VOTER_COMPANIES). */
  companies: Pick<CompanyRecord, 'id' | 'name' | 'plan' | 'monthly_revenue'>[];
}

export type AttributeValue = string | number | boolean;

export interface MemberProfile {
  id: string;
  user: string;
  company: string;
  attributes: Record<string, AttributeValue> | null;
  expand?: { company?: CompanyRecord };
}

export interface ImportProblem {
  line: number;
  column: string;
  code: string;
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
}

const COMPANY_FIELDS =
  'id,external_id,name,plan,monthly_revenue,revenue_source,revenue_at,pending_revenue,pending_source,pending_at,domain,owner_name,lifecycle_stage,hubspot_at';
export const VOTER_COMPANIES = 50;
export const COMPANIES_PER_PAGE = 50;

export async function listVoterCompanies(pb: PocketBase, postId: string): Promise<IdeaWorth['companies']> {
  const page = await pb.collection('companies').getList<CompanyRecord>(1, VOTER_COMPANIES, {
    filter: pb.filter('member_profiles_via_company.user.votes_via_user.post ?= {:post}', { post: postId }),
    sort: '-monthly_revenue,name',
    fields: 'id,name,plan,monthly_revenue',
    skipTotal: true,
  });
  return page.items;
}

/** A page of companies (name search), each with how many members it has. */
export async function listCompanies(pb: PocketBase, query: string, page = 1) {
  const filter = query ? pb.filter('name ~ {:q} || external_id = {:q}', { q: query }) : '';
  const list = await pb.collection('companies').getList<CompanyRecord>(page, COMPANIES_PER_PAGE, {
    filter,
    sort: 'name',
    fields: COMPANY_FIELDS,
  });
  const members = await countMembers(
    pb,
    list.items.map((c) => c.id),
  );
  return { ...list, items: list.items.map((c) => ({ ...c, members: members[c.id] ?? 0 })) };
}

async function countMembers(pb: PocketBase, companyIds: string[]): Promise<Record<string, number>> {
  if (companyIds.length === 0) return {};
  const profiles = await pb
    .collection('member_profiles')
    .getFullList<{ company: string }>({ filter: anyOf(pb, 'company', companyIds), fields: 'company' });
  const counts: Record<string, number> = {};
  for (const p of profiles) counts[p.company] = (counts[p.company] ?? 0) + 1;
  return counts;
}

export function searchCompanies(pb: PocketBase, query: string) {
  return pb
    .collection('companies')
    .getList<CompanyRecord>(1, 8, {
      filter: pb.filter('name ~ {:q}', { q: query }),
      sort: 'name',
      fields: COMPANY_FIELDS,
      skipTotal: true,
    })
    .then((list) => list.items);
}

export type CompanyInput = Pick<CompanyRecord, 'external_id' | 'name' | 'plan' | 'monthly_revenue' | 'domain'>;

export function createCompany(pb: PocketBase, data: CompanyInput) {
  return pb.collection('companies').create<CompanyRecord>(data, { fields: COMPANY_FIELDS });
}

export function updateCompany(pb: PocketBase, id: string, data: Partial<CompanyInput>) {
  return pb.collection('companies').update<CompanyRecord>(id, data, { fields: COMPANY_FIELDS });
}

export function deleteCompany(pb: PocketBase, id: string) {
  return pb.collection('companies').delete(id);
}

/** Admins: the pending value (Stripe's) becomes the company's, with its source and time. */
export function acceptCompanyRevenue(pb: PocketBase, id: string): Promise<Partial<CompanyRecord>> {
  return pb.send(`/api/chorus/companies/${encodeURIComponent(id)}/revenue/accept`, { method: 'POST' });
}

export function importCompanies(pb: PocketBase, csv: string): Promise<ImportCounts> {
  return pb.send('/api/chorus/companies/import', { method: 'POST', body: { csv } });
}

/** The profiles (company and attributes) of the listed members. */
export async function loadMemberProfiles(pb: PocketBase, userIds: string[]): Promise<Record<string, MemberProfile>> {
  if (userIds.length === 0) return {};
  const rows = await pb
    .collection('member_profiles')
    .getFullList<MemberProfile>({ filter: anyOf(pb, 'user', userIds), expand: 'company' });
  return Object.fromEntries(rows.map((row) => [row.user, row]));
}

/** Creates or updates a member's profile. */
export function saveMemberProfile(
  pb: PocketBase,
  profileId: string | null,
  userId: string,
  data: { company: string; attributes: Record<string, AttributeValue> },
) {
  const options = { expand: 'company' };
  return profileId
    ? pb.collection('member_profiles').update<MemberProfile>(profileId, data, options)
    : pb.collection('member_profiles').create<MemberProfile>({ user: userId, ...data }, options);
}

/** The companies whose members voted for an idea, each with how many of its members did, richest first (the
 *  first 200 votes; for agents, whose answer names them). */
export async function companiesWaiting(pb: PocketBase, postId: string) {
  const votes = await pb.collection('votes').getList(1, 200, {
    filter: pb.filter('post = {:post}', { post: postId }),
    fields: 'user',
  });
  const users = [...new Set(votes.items.map((vote) => String(vote.user)))];
  if (users.length === 0) return [];
  const profiles = await pb.collection('member_profiles').getFullList({
    filter: anyOf(pb, 'user', users),
    expand: 'company',
    fields: 'expand.company.name,expand.company.plan,expand.company.monthly_revenue',
  });
  const companies = new Map<string, { name: string; plan: string; monthly_revenue: number; voters: number }>();
  for (const profile of profiles) {
    const company = (profile.expand as { company?: CompanyRecord } | undefined)?.company;
    if (!company) continue;
    const known = companies.get(company.name) ?? {
      name: company.name,
      plan: String(company.plan ?? ''),
      monthly_revenue: Number(company.monthly_revenue ?? 0),
      voters: 0,
    };
    known.voters += 1;
    companies.set(company.name, known);
  }
  return [...companies.values()].sort((a, b) => b.monthly_revenue - a.monthly_revenue);
}
