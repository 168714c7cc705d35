// Fails clearly when a script runs on a Node older than the one Chorus needs.
// `npm install` puts the pinned Node (the `node` devDependency) first on PATH for every npm script.
import { fileURLToPath } from 'node:url';

/** The problem with running on Node `version`, or null when it is recent enough (>= 22.12). */
export function nodeVersionProblem(version) {
  const [major, minor] = version.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 12)) return null;
  return (
    `Chorus needs Node >= 22.12, but this script runs on Node ${version}.\n` +
    'Run it through npm (npm start, npm test, npm run <script>) after `npm install`, which pins Node via the `node` devDependency.'
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
