// A Vite plugin: the browser's PocketBase client without the services only a superuser or a server calls
// (collections' schema, logs, settings, health, backups, crons, SQL, batches). The SDK's constructor makes every
// service whether or not it is used, so no bundler can drop them; here the browser build (never the Worker's)
// leaves those out of the constructor and the classes fall away. Fails the build when the SDK's code no longer
// reads as expected (an upgrade), rather than shipping them silently again.
const SDK_FILE = /[\\/]pocketbase[\\/]dist[\\/]pocketbase\.es\.mjs$/;
/** Client properties no browser code of Chorus touches (tests/unit/pocketbase-browser-client.test.ts checks). */
export const SERVER_ONLY_SERVICES = ['collections', 'logs', 'settings', 'health', 'backups', 'crons', 'sql'];
const BATCH = 'createBatch(){return new BatchService(this)}';

/** The SDK's code without the server-only services; throws when one is not where it was. */
export function withoutServerServices(code) {
  let out = code;
  for (const name of SERVER_ONLY_SERVICES) {
    const made = new RegExp(`,this\\.${name}=new \\w+Service\\(this\\)`);
    if (!made.test(out)) throw new Error(`pocketbase-browser-client: the SDK no longer makes "${name}" as expected`);
    out = out.replace(made, '');
  }
  if (!out.includes(BATCH)) throw new Error('pocketbase-browser-client: the SDK no longer makes batches as expected');
  return out.replace(BATCH, 'createBatch(){throw new Error("Batches are not in the browser build of the SDK")}');
}

export function pocketbaseBrowserClient() {
  return {
    name: 'chorus-pocketbase-browser-client',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      return SDK_FILE.test(id) ? { code: withoutServerServices(code), map: null } : null;
    },
  };
}
