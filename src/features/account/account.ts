// Account settings actions: each resolves with a Result (errors are shown next to the fields).

import { attempt, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';
import { type AccountRecord, unsubscribe, updateAccount } from './account-data';

export function saveAccount(id: string, data: FormData): Promise<Result<AccountRecord>> {
  return attempt(() => updateAccount(getClient(), id, data));
}

export function unsubscribeWith(token: string): Promise<Result<{ preference: string }>> {
  return attempt(() => unsubscribe(getClient(), token));
}
