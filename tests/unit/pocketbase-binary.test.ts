import { createHash } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { verifyChecksum } from '../../tools/lib/pocketbase-binary.mjs';
import { extractZipEntry } from '../../tools/lib/unzip.mjs';

const asset = 'pocketbase_0.39.11_linux_amd64.zip';
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('verifying a downloaded PocketBase release', () => {
  const archive = Buffer.from('pretend this is a zip');
  const checksums = `${sha(Buffer.from('other'))}  pocketbase_0.39.11_darwin_arm64.zip\n${sha(archive)}  ${asset}\n`;

  it('accepts the archive whose SHA-256 the checksums file lists', () => {
    expect(() => verifyChecksum(archive, checksums, asset)).not.toThrow();
  });

  it('refuses a tampered archive with a clear message', () => {
    expect(() => verifyChecksum(Buffer.from('tampered'), checksums, asset)).toThrow(/Checksum mismatch.*Refusing/);
  });

  it('refuses an archive the checksums file does not list', () => {
    expect(() => verifyChecksum(archive, checksums, 'pocketbase_0.39.11_plan9_amd64.zip')).toThrow(/lists no/);
  });
});

describe('extracting the binary from a zip', () => {
  it('reads a deflated entry by name', () => {
    const zip = makeZip('pocketbase', Buffer.from('#!binary'));
    expect(extractZipEntry(zip, 'pocketbase').toString()).toBe('#!binary');
  });

  it('says so when the entry is missing', () => {
    expect(() => extractZipEntry(makeZip('readme.md', Buffer.from('x')), 'pocketbase')).toThrow(/not in the archive/);
  });
});

/** A one-entry zip (deflate) built by hand, as the release archives are laid out. */
function makeZip(name: string, content: Buffer): Buffer {
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
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}
