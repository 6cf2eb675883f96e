import zlib from "node:zlib";

export interface HandEntry {
  name: string;
  /** The bytes stored in the archive: the content itself, or its deflated form when `method` is 8. */
  data: Uint8Array;
  method: 0 | 8;
  /** The size the entry declares once inflated (default: `data`'s length when stored, else required). */
  declared?: number;
  /** The size its records say it takes in the archive (default: `data`'s length); bytes past `data` are zeros. */
  stored?: number;
}

/** A deflated entry holding `size` zeros: about a thousandth of that in the archive. */
export function zeros(
  name: string,
  size: number,
  lie: Partial<Pick<HandEntry, "declared" | "stored">> = {},
): HandEntry {
  return { name, data: zlib.deflateRawSync(Buffer.alloc(size), { level: 9 }), method: 8, declared: size, ...lie };
}

/**
 * A zip written by hand, byte for byte, so its records can say what a zip tool never would (sizes that lie, a
 * compression no tool reaches, a hundred thousand entries) without the test holding what they claim in memory.
 * CRCs are left zero: the server does not check them.
 */
export function handZip(entries: readonly HandEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let at = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const stored = entry.stored ?? entry.data.length;
    const declared = entry.declared ?? entry.data.length;
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(stored, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    name.copy(local, 30);
    const body = Buffer.alloc(Math.max(stored, entry.data.length));
    body.set(entry.data);
    const central = Buffer.alloc(46 + name.length);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(stored, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(at, 42);
    name.copy(central, 46);
    locals.push(local, body.subarray(0, stored));
    centrals.push(central);
    at += local.length + stored;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(at, 16);
  return Buffer.concat([...locals, directory, end]);
}
