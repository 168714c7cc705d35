// `npm run image`: builds the container image chorus-server:<version> with podman (or docker) from the server
// bundle, with no network: FROM scratch, a root filesystem assembled from the bundle (tools/lib/server-bundle/image.mjs).
// `--context-only` writes the build context (.build/image/) without building, for a machine with neither tool.
import './lib/require-node.mjs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine } from './lib/cli.mjs';
import { buildServerBundle } from './lib/server-bundle/bundle.mjs';
import { assembleImageContext, buildImage, containerTool, imageTag } from './lib/server-bundle/image.mjs';
import { unpackBundle } from './lib/server-bundle/run.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = commandLine({
  command: 'image',
  file: import.meta.url,
  synopsis: '[--context-only]',
  options: { 'context-only': { type: 'boolean', default: false } },
});

const { tarball } = await buildServerBundle({});
const unpacked = mkdtempSync(join(tmpdir(), 'chorus-image-'));
try {
  const contextDir = join(root, '.build', 'image');
  assembleImageContext(unpackBundle(tarball, unpacked), contextDir);
  console.log(`Build context: ${contextDir}`);
  if (values['context-only']) process.exit(0);
  const tool = containerTool();
  if (!tool) {
    console.error('Neither podman nor a running docker was found: install podman (Debian: apt-get install podman).');
    process.exit(1);
  }
  const id = buildImage(tool, contextDir);
  const size = execFileSync(tool, ['image', 'inspect', '--format', '{{.Size}}', imageTag()], { encoding: 'utf8' });
  console.log(`${imageTag()} (${tool}, ${id.slice(0, 19)}): ${(Number(size) / 1024 / 1024).toFixed(1)} MB`);
} finally {
  rmSync(unpacked, { recursive: true, force: true });
}
