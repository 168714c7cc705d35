// Zendesk's sidebar app as the zip an admin uploads to Zendesk as a private app (Admin Center, Apps and
// integrations, Zendesk Support apps, Upload private app): the files of ./app/ (manifest.json, assets/iframe.html,
// assets/main.js, the logos, translations/en.json, the files Zendesk requires), the manifest made for this Chorus:
// its address as the server_url setting's default and its host as the one domain the app may call with its secure
// token (domainWhitelist). The package holds no secret: the token is typed into Zendesk's install form.
const { ownBase } = require(`${__hooks}/platform/connection-settings.js`);
const { baseUrl } = require(`${__hooks}/platform/email-layout.js`);
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

/** GET /api/chorus/zendesk/app/package: the zip, named chorus-zendesk-app.zip. */
function appPackage(e) {
  const base = ownBase(e);
  const files = FILES.map((name) => ({
    name,
    bytes: name === 'manifest.json' ? utf8Bytes(manifestFor(e.app, base)) : bytesOf(name),
  }));
  e.response.header().set('Content-Disposition', 'attachment; filename="chorus-zendesk-app.zip"');
  e.response.header().set('Cache-Control', 'no-store');
  return e.blob(200, 'application/zip', zipOf(files));
}

module.exports = { appPackage, FILES };
