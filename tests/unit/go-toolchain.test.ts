// Obtaining Go where the machine has none: the module zip's "h1:" hash checked as Go's checksum database states it,
// the proxy and version rules, and the zip reader that unpacks the toolchain.
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isAtLeast, moduleProxy, verifyModuleZip } from '../../tools/lib/go-toolchain.mjs';
import { extractZipEntry, zipEntries } from '../../tools/lib/unzip.mjs';

const MODULE_FILES: [string, string, number][] = [
  ['example.com/m@v1.0.0/go.mod', 'module example.com/m\n', 0o100644],
  ['example.com/m@v1.0.0/bin/tool', '#!/bin/sh\necho hi\n', 0o100755],
  ['example.com/m@v1.0.0/README', 'hello', 0o100644],
];
// Printed by Go's own golang.org/x/mod/sumdb/dirhash.Hash1 over exactly these three files (names and contents).
const GO_HASH1 = 'h1:8WkbQsDqxelztjneopCrXw0scX0frlB7m+NdxIblV9o=';

describe("verifying a module zip as Go's checksum database does", () => {
  it('accepts the archive whose h1 hash Go computes for the same files', () => {
    expect(() => verifyModuleZip(makeZip(MODULE_FILES), GO_HASH1)).not.toThrow();
  });

  it('refuses an archive with one byte changed, with a clear message', () => {
    const tampered = MODULE_FILES.map(([name, text, mode]) => [name, name.endsWith('README') ? 'hellO' : text, mode]);
    expect(() => verifyModuleZip(makeZip(tampered as typeof MODULE_FILES), GO_HASH1)).toThrow(/Refusing to use it/);
  });

  it('refuses an archive with a file added', () => {
    const more: typeof MODULE_FILES = [...MODULE_FILES, ['example.com/m@v1.0.0/extra', '', 0o100644]];
    expect(() => verifyModuleZip(makeZip(more), GO_HASH1)).toThrow(/not the pinned/);
  });
});

describe('which Go and which proxy', () => {
  it('takes GOPROXY’s first address, as go does, else the public proxy', () => {
    expect(moduleProxy('https://goproxy.example.com/,direct')).toBe('https://goproxy.example.com');
    expect(moduleProxy('off')).toBe('https://proxy.golang.org');
    expect(moduleProxy(undefined)).toBe('https://proxy.golang.org');
    expect(moduleProxy('direct|https://mirror.example.com')).toBe('https://mirror.example.com');
  });

  it('accepts the machine’s Go only from 1.26 on', () => {
    expect(isAtLeast('go1.26.8', [1, 26])).toBe(true);
    expect(isAtLeast('go1.27rc1', [1, 26])).toBe(true);
    expect(isAtLeast('go1.25.4', [1, 26])).toBe(false);
    expect(isAtLeast('devel +abc', [1, 26])).toBe(false);
  });
});

describe('reading a zip', () => {
  it('lists every entry with its Unix mode and reads a deflated one by name', () => {
    const zip = makeZip(MODULE_FILES);
    expect([...zipEntries(zip)].map((e) => [e.name, e.mode & 0o777])).toEqual(
      MODULE_FILES.map(([name, , mode]) => [name, mode & 0o777]),
    );
    expect(extractZipEntry(zip, 'example.com/m@v1.0.0/bin/tool').toString()).toBe('#!/bin/sh\necho hi\n');
  });

  it('says so when the entry is missing', () => {
    expect(() => extractZipEntry(makeZip(MODULE_FILES), 'pocketbase')).toThrow(/not in the archive/);
  });
});

/** A zip (deflate) built by hand: a local header and data per file, then the central directory and its end. */
function makeZip(files: [string, string, number][]): Buffer {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text, mode] of files) {
    const content = Buffer.from(text);
    const data = deflateRawSync(content);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(mode * 0x10000, 38);
    central.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
