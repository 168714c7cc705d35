// The browser's PocketBase client without the server-only services (tools/lib/pocketbase-browser-client.mjs): the
// installed SDK's constructor loses exactly those, the browser keeps what it uses (records, files, realtime, auth),
// an SDK that changed shape fails the build, and no module under src/ calls a service the browser no longer has.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEPRECATION_TEXTS,
  pocketbaseBrowserClient,
  SERVER_ONLY_SERVICES,
  withoutServerServices,
} from '../../tools/lib/pocketbase-browser-client.mjs';

const sdkPath = createRequire(import.meta.url).resolve('pocketbase');
const sdk = readFileSync(sdkPath, 'utf8');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry.name) ? [path] : [];
  });
}

describe('the browser’s PocketBase client', () => {
  it('leaves the server-only services out of the installed SDK’s constructor, and keeps the rest', () => {
    const slim = withoutServerServices(sdk);
    for (const name of SERVER_ONLY_SERVICES) {
      expect(sdk).toMatch(new RegExp(`this\\.${name}=new `));
      expect(slim).not.toMatch(new RegExp(`this\\.${name}=new `));
    }
    expect(slim).toContain('this.files=new FileService(this)');
    expect(slim).toContain('this.realtime=new RealtimeService(this)');
    expect(slim).toContain('createBatch(){throw new Error(');
    expect(slim.length).toBeLessThan(sdk.length);
  });

  it('says each deprecated call form in a few words, not the SDK’s long texts, and keeps every other text', () => {
    const slim = withoutServerServices(sdk);
    expect(sdk).toContain('This form of authRefresh(body?, query?) is deprecated.');
    expect(slim).not.toMatch(/is deprecated|Please replace/);
    expect(slim.split('"PocketBase SDK: deprecated call"')).toHaveLength(DEPRECATION_TEXTS + 1);
    expect(slim).toContain('"Missing required record id."');
    expect(() => withoutServerServices(sdk.replace('"Please replace pb.buildUrl()', '"Use pb.buildURL()'))).toThrow(
      /deprecation texts/,
    );
  });

  it('leaves out the hint for a Node process refused at localhost, which a browser never meets', () => {
    const hint = 'Failed to connect to the PocketBase server. Try changing the SDK URL from localhost to 127.0.0.1';
    expect(sdk).toContain(hint);
    const slim = withoutServerServices(sdk);
    expect(slim).not.toContain(hint);
    expect(slim).toContain('?this.message="Something went wrong.":this.message="Something went wrong."');
    expect(() => withoutServerServices(sdk.replace('"Failed to connect to the PocketBase server.', '"'))).toThrow(
      /localhost hint/,
    );
  });

  it('fails the build on an SDK whose constructor reads differently', () => {
    expect(() =>
      withoutServerServices(sdk.replace('this.logs=new LogService(this)', 'this.logs=makeLogs(this)')),
    ).toThrow(/"logs"/);
    expect(() => withoutServerServices(sdk.replace('createBatch(){', 'createBatch(options){'))).toThrow(/batches/);
  });

  it('applies to the browser build only, and to the SDK’s file only', () => {
    const plugin = pocketbaseBrowserClient();
    expect(plugin.applyToEnvironment({ name: 'client' })).toBe(true);
    expect(plugin.applyToEnvironment({ name: 'ssr' })).toBe(false);
    expect(plugin.transform(sdk, sdkPath)?.code).not.toContain('this.sql=new');
    expect(plugin.transform('this.sql=new SQLService(this)', '/app/src/lib/pb/client.ts')).toBeNull();
  });

  it('is not asked for a service it left out, by any module of the site', () => {
    const services = SERVER_ONLY_SERVICES.join('|');
    const call = new RegExp(`\\b(pb|client|getClient\\(\\)|pocketBase)\\.(${services})\\b|\\.createBatch\\(`);
    const callers = sourceFiles(join(import.meta.dirname, '../../src')).filter((file) =>
      call.test(readFileSync(file, 'utf8')),
    );
    expect(callers).toEqual([]);
  });
});
