// Zendesk's sidebar app as the zip an admin uploads to Zendesk as a private app (Admin Center, Apps and
// integrations, Zendesk Support apps, Upload private app): the files of ./app/ (manifest.json, assets/iframe.html,
// assets/main.js, the logos, translations/en.json, the files Zendesk requires), the manifest made for this Chorus:
// its address as the server_url setting's default and its host as the one domain the app may call with its secure
// token (domainWhitelist). The package holds no secret: the token is typed into Zendesk's install form. The route is
// public: each client address may download it 20 times an hour (platform/limits.js), and the zip last built is kept
// (one, in the app store) and served again while nothing it is made of changed.
const { ownBase } = require(`${__hooks}/platform/connection-settings.js`);
const { baseUrl } = require(`${__hooks}/platform/email-layout.js`);
const { spend } = require(`${__hooks}/platform/limits.js`);
const { zipOf, utf8Bytes } = require(`${__hooks}/platform/zip.js`);

const FOLDER = `${__hooks}/feedback/sources/zendesk/app`;
const FILES = [
  'manifest.json',
  'assets/iframe.html',
  'assets/main.js',
  'assets/logo.png',
  'assets/logo-small.png',
  'translations/en.json',
];
const BUILT = 'chorus:zendesk-app-package';

/** The file's bytes as an array (0…255 each). */
function bytesOf(path) {
  const read = $os.readFile(`${FOLDER}/${path}`);
  const bytes = new Array(read.length);
  for (let i = 0; i < read.length; i++) bytes[i] = read[i] & 0xff;
  return bytes;
}

/** The manifest with this Chorus's address and host, and the site's address and sender as its author's. */
function manifestFor(app, base) {
  const manifest = JSON.parse(toString($os.readFile(`${FOLDER}/manifest.json`)));
  manifest.author.url = baseUrl(app);
  const sender = app.settings().meta.senderAddress;
  if (sender) manifest.author.email = sender;
  manifest.domainWhitelist = [/^https?:\/\/([^/]+)/.exec(base)[1]];
  for (const parameter of manifest.parameters) if (parameter.name === 'server_url') parameter.default = base;
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * What the zip is made of: the address the request reached, the site's address and sender, each file's size and
 * modification time (an edited file is packed again without a restart).
 */
function madeOf(app, base) {
  const files = FILES.map((name) => {
    const info = $os.stat(`${FOLDER}/${name}`);
    return `${name}:${info.size()}:${info.modTime().unixNano()}`;
  });
  return JSON.stringify([base, baseUrl(app), app.settings().meta.senderAddress, files]);
}

/** The zip's bytes (Go bytes: served without converting them again), built only when what it is made of changed. */
function packageBytes(app, base) {
  const key = madeOf(app, base);
  const kept = app.store().get(BUILT);
  if (kept && kept.key === key) return kept.bytes;
  const files = FILES.map((name) => ({
    name,
    bytes: name === 'manifest.json' ? utf8Bytes(manifestFor(app, base)) : bytesOf(name),
  }));
  const bytes = toBytes(zipOf(files));
  app.store().set(BUILT, { key, bytes }); // one package kept: another address's replaces it
  return bytes;
}

/** GET /api/chorus/zendesk/app/package: the zip, named chorus-zendesk-app.zip; 429 past the address's allowance. */
function appPackage(e) {
  spend('zendesk-app-package', e.realIP());
  e.response.header().set('Content-Disposition', 'attachment; filename="chorus-zendesk-app.zip"');
  e.response.header().set('Cache-Control', 'no-store');
  return e.blob(200, 'application/zip', packageBytes(e.app, ownBase(e)));
}

module.exports = { appPackage, FILES };
