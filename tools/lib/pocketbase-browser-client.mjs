// A Vite plugin: the browser's PocketBase client without the services only a superuser or a server calls
// (collections' schema, logs, settings, health, backups, crons, SQL, batches), and without the long texts its
// deprecated call forms warn developers with (Chorus calls none of them; each warning stays, in one short word)
// or its hint for a Node process refused at localhost's IPv6 address (a browser's fetch never fails that way: the
// SDK's generic "Something went wrong." stands in).
// The SDK's constructor makes every service whether or not it is used, so no bundler can drop them; here the
// browser build (never the Worker's) leaves those out of the constructor and the classes fall away. Fails the build
// when the SDK's code no longer reads as expected (an upgrade), rather than shipping them silently again.
const SDK_FILE = /[\\/]pocketbase[\\/]dist[\\/]pocketbase\.es\.mjs$/;
/** Client properties no browser code of Chorus touches (tests/unit/pocketbase-browser-client.test.ts checks). */
export const SERVER_ONLY_SERVICES = ['collections', 'logs', 'settings', 'health', 'backups', 'crons', 'sql'];
const BATCH = 'createBatch(){return new BatchService(this)}';
/** A string literal of the SDK that tells a developer to replace a deprecated call (350 bytes gzip in all). */
const DEPRECATION_TEXT = /"(?:[^"\\]|\\.)*(?:is deprecated|Please replace)(?:[^"\\]|\\.)*"/g;
/** How many the installed SDK holds: a different count is an SDK that changed, to read again. */
export const DEPRECATION_TEXTS = 15;
/** The SDK's message when Node's fetch is refused at "::1" (a link to change localhost to 127.0.0.1): 80 bytes gzip. */
const LOCALHOST_HINT = /"Failed to connect to the PocketBase server\.(?:[^"\\]|\\.)*"/;

/** The SDK's code without the server-only services; throws when one is not where it was. */
export function withoutServerServices(code) {
  let out = code;
  for (const name of SERVER_ONLY_SERVICES) {
    const made = new RegExp(`,this\\.${name}=new \\w+Service\\(this\\)`);
    if (!made.test(out)) throw new Error(`pocketbase-browser-client: the SDK no longer makes "${name}" as expected`);
    out = out.replace(made, '');
  }
  if (!out.includes(BATCH)) throw new Error('pocketbase-browser-client: the SDK no longer makes batches as expected');
  out = out.replace(BATCH, 'createBatch(){throw new Error("Batches are not in the browser build of the SDK")}');
  if (!LOCALHOST_HINT.test(out))
    throw new Error('pocketbase-browser-client: the SDK no longer holds its localhost hint as expected');
  out = out.replace(LOCALHOST_HINT, '"Something went wrong."');
  const texts = out.match(DEPRECATION_TEXT) ?? [];
  if (texts.length !== DEPRECATION_TEXTS)
    throw new Error(
      `pocketbase-browser-client: the SDK holds ${texts.length} deprecation texts, not ${DEPRECATION_TEXTS}`,
    );
  return out.replace(DEPRECATION_TEXT, '"PocketBase SDK: deprecated call"');
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
