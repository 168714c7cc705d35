// Runs `tools/import.mjs` as a real child process against a test PocketBase, as `npm run import` would.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const SCRIPT = join(import.meta.dirname, '../../tools/import.mjs');
export const OPERATOR = { email: 'operator@chorus.test', password: 'operator-password-123' };

export function startImport(
  pbUrl: string,
  args: string[],
): { child: ChildProcess; output: () => string; done: Promise<number> } {
  const child = spawn(
    process.execPath,
    [SCRIPT, ...args, '--pb', pbUrl, '--email', OPERATOR.email, '--password', OPERATOR.password],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const done = new Promise<number>((resolve) =>
    child.on('close', (code, signal) => resolve(code ?? (signal ? -1 : 0))),
  );
  return { child, output: () => output, done };
}

export async function runImport(pbUrl: string, args: string[]): Promise<{ code: number; output: string }> {
  const run = startImport(pbUrl, args);
  const code = await run.done;
  return { code, output: run.output() };
}
