// Saving the site record (branding, policies, languages): a Result whose error is shown next to the fields.

import { attempt, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';
import { updateSite } from './admin-data';

const TEXT_FIELDS = ['name', 'tagline', 'accent_color', 'welcome', 'default_locale'] as const;
const TEXT_CONTROLS = { name: 'site_name', tagline: 'site_tagline' } as const;
const SWITCHES = ['require_approval', 'allow_signups', 'author_votes', 'browser_locale', 'show_eta'] as const;

/** The site record's fields from the settings form: texts as typed, unchecked switches as false, a new logo if picked. */
export function siteSettingsData(form: FormData): FormData {
  const data = new FormData();
  // The texts' controls are site_name and site_tagline: a control named `name` would shadow the form's own.
  for (const key of TEXT_FIELDS)
    data.set(
      key,
      String(form.get(key in TEXT_CONTROLS ? TEXT_CONTROLS[key as keyof typeof TEXT_CONTROLS] : key) ?? ''),
    );
  for (const key of SWITCHES) data.set(key, form.get(key) ? 'true' : 'false');
  // Sent as typed: the server refuses anything but a whole number of days (0 to 3650).
  const retention = form.get('audit_retention_days');
  if (retention !== null) data.set('audit_retention_days', String(retention).trim());
  const logo = form.get('logo');
  if (logo instanceof File && logo.size > 0) data.set('logo', logo);
  return data;
}

/** Saves the given fields of the site record (build them from the form with siteSettingsData). */
export function saveSiteSettings(id: string, data: FormData): Promise<Result<unknown>> {
  return attempt(() => updateSite(getClient(), id, data));
}
