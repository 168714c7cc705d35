// `npm run build:server`: writes .build/server/chorus-server-<version>-linux-<amd64|arm64>.tar.gz, Chorus's server
// in one folder: unpack it anywhere and run ./chorus-server (see `./chorus-server --help` and the deploy docs).
//
// Options:
//   --arch <amd64|arm64>   the processor (default: this machine's); Go cross-builds the other one
//   --out <folder>         where to write it (default: .build/server, outside the site's dist/)
import './lib/require-node.mjs';
import { statSync } from 'node:fs';
import { commandLine } from './lib/cli.mjs';
import { buildServerBundle, HOST_ARCH } from './lib/server-bundle/bundle.mjs';

const { values } = commandLine({
  command: 'build:server',
  file: import.meta.url,
  synopsis: '[--arch amd64|arm64] [--out <folder>]',
  options: { arch: { type: 'string', default: HOST_ARCH }, out: { type: 'string' } },
});
const started = performance.now();
const { tarball, files } = await buildServerBundle({ goarch: values.arch, outDir: values.out });
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
for (const file of files.filter((f) => f.path === 'chorus-server' || f.path.startsWith('bin/'))) {
  console.log(`  ${file.path.padEnd(16)} ${mb(file.bytes).padStart(8)}  sha256 ${file.sha256}`);
}
console.log(
  `${tarball}: ${mb(statSync(tarball).size)} (${files.length} files, ${((performance.now() - started) / 1000).toFixed(0)} s)`,
);
