// `npm run test:go`: the server module's Go checks, with the Go that builds it (go-toolchain.mjs): every Go file
// formatted as gofmt writes it, then `go test ./...` (votes_test.go holds the trending score to the JavaScript's).
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { commandLine } from './lib/cli.mjs';
import { ensureGo } from './lib/go-toolchain.mjs';
import { SERVER_MODULE } from './lib/pocketbase-binary.mjs';

commandLine({ command: 'test:go', file: import.meta.url });

const go = await ensureGo();
const goroot = execFileSync(go, ['env', 'GOROOT'], { encoding: 'utf8' }).trim();
const unformatted = execFileSync(join(goroot, 'bin', 'gofmt'), ['-l', '.'], { cwd: SERVER_MODULE, encoding: 'utf8' });
if (unformatted.trim()) {
  console.error(`Not formatted as gofmt writes them (run gofmt -w in server/):\n${unformatted}`);
  process.exit(1);
}
const test = spawnSync(go, ['test', './...'], {
  cwd: SERVER_MODULE,
  env: { ...process.env, CGO_ENABLED: '0', GOFLAGS: '-buildvcs=false' },
  stdio: 'inherit',
});
process.exit(test.status ?? 1);
