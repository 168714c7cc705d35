// Admin companies (issue #24): the page's companies, added, edited and deleted by admins, and the CSV upload
// whose refusal lists each bad line. Every action answers with the shared toast; a refused one changes nothing.
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { act, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';
import { showToast } from '../../stores/toast';
import {
  acceptCompanyRevenue,
  type CompanyInput,
  type CompanyRow,
  createCompany,
  deleteCompany,
  type ImportCounts,
  type ImportProblem,
  importCompanies,
  updateCompany,
} from './customers';

export const $companies = atom<CompanyRow[] | null>(null);

export interface ImportOutcome {
  counts?: ImportCounts;
  message?: string;
  problems: ImportProblem[];
  total: number;
}
export const $importOutcome = atom<ImportOutcome | null>(null);

const byName = (a: CompanyRow, b: CompanyRow) => a.name.localeCompare(b.name);

export function addCompany(data: CompanyInput): Promise<Result<unknown>> {
  return act({
    send: () => createCompany(getClient(), data),
    confirm: (company) => $companies.set([...($companies.get() ?? []), { ...company, members: 0 }].sort(byName)),
    success: translate('customers', 'added'),
    failure: '',
  });
}

export function saveCompany(id: string, data: Partial<CompanyInput>): Promise<Result<unknown>> {
  return act({
    send: () => updateCompany(getClient(), id, data),
    confirm: (company) =>
      $companies.set(($companies.get() ?? []).map((row) => (row.id === id ? { ...row, ...company } : row))),
    success: translate('customers', 'saved'),
    failure: '',
  });
}

/** Takes the revenue Stripe offered instead of the one people gave. */
export function acceptRevenue(id: string): Promise<Result<unknown>> {
  return act({
    send: () => acceptCompanyRevenue(getClient(), id),
    confirm: (accepted) =>
      $companies.set(
        ($companies.get() ?? []).map((row) =>
          row.id === id ? { ...row, ...accepted, pending_source: '', pending_revenue: 0, pending_at: '' } : row,
        ),
      ),
    success: translate('customers', 'revenueAccepted'),
    failure: '',
  });
}

export function removeCompany(id: string): Promise<Result<unknown>> {
  const before = $companies.get();
  return act({
    apply: () => {
      $companies.set((before ?? []).filter((row) => row.id !== id));
      return () => $companies.set(before);
    },
    send: () => deleteCompany(getClient(), id),
    success: translate('customers', 'deleted'),
    failure: '',
  });
}

interface ImportRefusalBody {
  message?: string;
  errors?: ImportProblem[];
  total?: number;
}

/** Uploads a CSV; on success the page reloads its list (counts say what changed), on refusal each line's problem shows. */
export async function uploadCompanies(csv: string): Promise<boolean> {
  $importOutcome.set(null);
  try {
    const counts = await importCompanies(getClient(), csv);
    $importOutcome.set({ counts, problems: [], total: 0 });
    showToast(translate('customers', 'imported', { ...counts }));
    return true;
  } catch (error) {
    const body = ((error as { response?: ImportRefusalBody }).response ?? {}) as ImportRefusalBody;
    const problems = Array.isArray(body.errors) ? body.errors : [];
    const message = body.message || String((error as Error).message ?? '');
    $importOutcome.set({ message, problems, total: body.total ?? problems.length });
    showToast(message);
    return false;
  }
}
