// The site's language settings as /admin/settings saves them (src/features/site/site-settings.ts), against a
// real PocketBase: the default language and the browser switch, a language that is not one of the 22,
// and staff or members who are not admins.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors } from '../../support/world';
import { openTab, type Tab } from './tab';

let pb: TestPocketBase;
let actors: Actors;
const tabs: Tab[] = [];

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
});
afterAll(async () => {
  for (const tab of tabs) tab.close();
  await pb?.stop();
});

async function tab(as: 'admin' | 'moderator' | 'member'): Promise<Tab> {
  const opened = await openTab(pb.url, actors[as]);
  tabs.push(opened);
  return opened;
}

const site = () => pb.admin.collection('site').getFirstListItem('');

/** The settings form as the admin submits it: the record's current values, then `changes`. */
function settingsForm(record: RecordModel, changes: Record<string, string | null>): FormData {
  const form = new FormData();
  // As the settings page names its controls (site_name, site_tagline: never a form's own property).
  form.set('site_name', record.name ?? '');
  form.set('site_tagline', record.tagline ?? '');
  for (const key of ['accent_color', 'welcome', 'default_locale']) form.set(key, record[key] ?? '');
  for (const key of ['require_approval', 'allow_signups', 'author_votes', 'browser_locale'])
    if (record[key]) form.set(key, 'on');
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) form.delete(key);
    else form.set(key, value);
  }
  return form;
}

describe('site language settings', () => {
  it('an admin sets the default language and lets browsers choose; unticking turns it off again', async () => {
    const admin = await tab('admin');
    const { siteSettingsData, saveSiteSettings } = admin.siteSettings;
    const before = await site();
    expect(before.default_locale).toBe('en');
    expect(before.browser_locale).toBe(false);

    const data = siteSettingsData(settingsForm(before, { default_locale: 'ja', browser_locale: 'on' }));
    expect(data.get('default_locale')).toBe('ja');
    expect(data.get('browser_locale')).toBe('true');
    expect((await saveSiteSettings(before.id, data)).ok).toBe(true);
    const saved = await site();
    expect([saved.default_locale, saved.browser_locale, saved.name]).toEqual(['ja', true, before.name]);

    const off = siteSettingsData(settingsForm(saved, { default_locale: 'en', browser_locale: null }));
    expect(off.get('browser_locale')).toBe('false');
    expect((await saveSiteSettings(saved.id, off)).ok).toBe(true);
    expect([(await site()).default_locale, (await site()).browser_locale]).toEqual(['en', false]);
  });

  it('refuses a default language that is not one of the 22, with a message for that field', async () => {
    const admin = await tab('admin');
    const before = await site();
    for (const bad of ['xx', 'pt', 'EN', 'en-US']) {
      const result = await admin.siteSettings.saveSiteSettings(
        before.id,
        admin.siteSettings.siteSettingsData(settingsForm(before, { default_locale: bad })),
      );
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error.kind).toBe('validation');
      expect(result.error.kind === 'validation' && Object.keys(result.error.fields)).toEqual(['default_locale']);
    }
    expect((await site()).default_locale).toBe('en');
  });

  it('moderators and members cannot change the site’s language', async () => {
    const before = await site();
    for (const who of ['moderator', 'member'] as const) {
      const t = await tab(who);
      const data = t.siteSettings.siteSettingsData(
        settingsForm(before, { default_locale: 'de', browser_locale: 'on' }),
      );
      const result = await t.siteSettings.saveSiteSettings(before.id, data);
      expect(result).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    }
    const after = await site();
    expect([after.default_locale, after.browser_locale]).toEqual(['en', false]);
  });
});
