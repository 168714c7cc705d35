// A Node ES-module script run in a process of its own (several at once stand for test workers or `npm start`s that
// race): resolves with what it printed, rejects when it exits with another code than 0.
import { spawn } from 'node:child_process';

/** Runs `script` with `node --input-type=module -e`; its stderr is the test's (`inherit`) or dropped. */
export function runModuleScript(script: string, { stderr = 'inherit' }: { stderr?: 'inherit' | 'ignore' } = {}) {
  return new Promise<string>((done, failed) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', stderr] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('exit', (code) => (code === 0 ? done(out) : failed(new Error(`the script exited ${code}`))));
  });
}
