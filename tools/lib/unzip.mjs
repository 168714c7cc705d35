// Reads zip archives held in memory (stored or deflated entries): one file by name, or every entry in order.
import { inflateRawSync } from 'node:zlib';

/**
 * Every entry of `zip` in its central directory's order: its name, its Unix mode (0 when the archive records
 * none) and a function that reads its bytes.
 * @param {Buffer} zip
 * @returns {Generator<{ name: string, mode: number, read: () => Buffer }>}
 */
export function* zipEntries(zip) {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('Not a zip archive.');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('A damaged zip archive (central directory).');
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const externalAttributes = zip.readUInt32LE(offset + 38);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    const read = () => {
      const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
      const data = zip.subarray(dataStart, dataStart + compressedSize);
      if (method === 0) return data;
      if (method === 8) return inflateRawSync(data);
      throw new Error(`${name} uses a compression this reader does not know (${method}).`);
    };
    yield { name, mode: externalAttributes >>> 16, read };
    offset += 46 + nameLength + extraLength + commentLength;
  }
}

export function extractZipEntry(zip, name) {
  for (const entry of zipEntries(zip)) if (entry.name === name) return entry.read();
  throw new Error(`${name} is not in the archive.`);
}
