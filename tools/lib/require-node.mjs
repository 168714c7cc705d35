// Scripts run directly (node tools/<name>.mjs) get the same clear Node version message as npm scripts.
import { nodeVersionProblem } from '../check-node.mjs';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
