// Fails clearly when a script runs on a Node older than the one Chorus needs.
// `npm install` puts the pinned Node (the `node` devDependency) first on PATH for every npm script.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `Chorus needs Node >= 22.12, but this script runs on Node ${process.versions.node}.\n` +
      'Run it through npm (npm start, npm test, npm run <script>) after `npm install`, which pins Node via the `node` devDependency.',
  );
  process.exit(1);
}
