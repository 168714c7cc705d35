// Zendesk's sidebar app package (pb_hooks/feedback/sources/zendesk/app/) holds to Zendesk's Apps framework v2 as
// documented (developer.zendesk.com/documentation/apps/app-developer-guide/manifest/ and "Setting up new apps", file
// requirements): the files Zendesk requires, a manifest with its required properties and a ticket sidebar location
// whose page exists, the token a secure setting used only in a header on the one domain the package is made for, the
// logos at the sizes Zendesk asks, every parameter labelled; and its script calls only routes Chorus serves. The
// public route that packs it is limited per client address before anything is read or built.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const APP = join(ROOT, 'pb_hooks/feedback/sources/zendesk/app');
const read = (path: string) => readFileSync(join(APP, path), 'utf8');
const manifest = JSON.parse(read('manifest.json'));
const script = read('assets/main.js');

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(path: string) {
  const bytes = readFileSync(join(APP, path));
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('the Zendesk app package', () => {
  it('has the files Zendesk requires, and the logos at 320 and 128 pixels square', () => {
    for (const file of ['manifest.json', 'assets/logo.png', 'assets/logo-small.png', 'translations/en.json']) {
      expect(existsSync(join(APP, file)), file).toBe(true);
    }
    expect(pngSize('assets/logo.png')).toEqual([320, 320]);
    expect(pngSize('assets/logo-small.png')).toEqual([128, 128]);
    const packaged = readFileSync(join(ROOT, 'pb_hooks/feedback/sources/zendesk/app-package.js'), 'utf8');
    for (const file of ['manifest.json', 'assets/iframe.html', 'assets/main.js', 'translations/en.json']) {
      expect(packaged).toContain(`'${file}'`);
    }
  });

  it('has a manifest with Zendesk’s required properties, in the ticket sidebar, for framework 2.0', () => {
    expect(manifest.name).toBeTruthy();
    expect(manifest.author).toEqual({ name: expect.any(String), email: expect.any(String), url: expect.any(String) });
    expect(manifest.author.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(manifest.frameworkVersion).toBe('2.0');
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest.defaultLocale).toBe('en');
    expect(Object.keys(manifest.location)).toEqual(['support']);
    expect(Object.keys(manifest.location.support)).toEqual(['ticket_sidebar']);
    const page = manifest.location.support.ticket_sidebar.url;
    expect(existsSync(join(APP, page)), page).toBe(true);
    expect(read(page)).toContain('https://static.zdassets.com/zendesk_app_framework_sdk/2.0/zaf_sdk.min.js');
    expect(read(page)).toContain('<script src="main.js"></script>');
  });

  it('keeps the token a secure setting, sent only as a header through Zendesk’s proxy', () => {
    expect(manifest.parameters).toEqual([
      { name: 'server_url', type: 'url', required: true, default: '' },
      { name: 'app_token', type: 'text', secure: true, required: true },
    ]);
    // Filled for one Chorus by the package route: the only domain the secure setting may go to.
    expect(manifest.domainWhitelist).toEqual([]);
    expect(script.match(/\{\{setting\.[a-z_]+\}\}/g)).toEqual(['{{setting.app_token}}']);
    expect(script).toContain("headers: { Authorization: 'Bearer {{setting.app_token}}' }");
    expect(script).toContain('secure: true');
    expect(script).toContain('cors: false');
    expect(script).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
  });

  it('labels every parameter in its English translation', () => {
    const english = JSON.parse(read('translations/en.json'));
    expect(english.app.name).toBeTruthy();
    for (const parameter of manifest.parameters) {
      expect(english.app.parameters[parameter.name]?.label, parameter.name).toBeTruthy();
    }
  });

  it('calls only routes Chorus serves, each a POST', () => {
    const routes = [...script.matchAll(/'(\/api\/[^']+)'/g)].map((match) => match[1]);
    expect(routes).toEqual(['/api/chorus/zendesk/app/ideas', '/api/chorus/zendesk/app/link']);
    const hooks = readFileSync(join(ROOT, 'pb_hooks/feedback/feedback-zendesk.pb.js'), 'utf8');
    for (const route of routes) expect(hooks).toContain(`routerAdd('POST', '${route}'`);
    expect(script).toContain("type: 'POST'");
  });

  it('is limited per client address before anything is read or built, at a number of its own', () => {
    const packaged = readFileSync(join(ROOT, 'pb_hooks/feedback/sources/zendesk/app-package.js'), 'utf8');
    const route = packaged.slice(packaged.indexOf('function appPackage('));
    expect(route.split('\n')[1]).toBe("  spend('zendesk-app-package', e.realIP());");
    const limits = readFileSync(join(ROOT, 'pb_hooks/platform/limits.js'), 'utf8');
    expect(limits).toContain("'zendesk-app-package': { max: 20, window: 3600 },");
  });
});
