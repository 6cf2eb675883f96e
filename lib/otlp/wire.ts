/**
 * The protobuf wire format (protobuf.dev/programming-guides/encoding), as far as OTLP's messages use it: varints,
 * 64- and 32-bit fixed fields and length-delimited fields. A field of a wire type it does not know, or a length past
 * the end, is an error naming the offset: the body is not protobuf.
 */

export class WireError extends Error {}

export interface Field {
  number: number;
  /** 0 varint, 1 fixed 64-bit, 2 length-delimited, 5 fixed 32-bit. */
  type: 0 | 1 | 2 | 5;
  /** The varint (type 0), a number while it fits in 49 bits; the eight bytes little-endian (1); the four bytes (5); the bytes (2). */
  varint: bigint | number;
  bytes: Uint8Array;
}

/** A varint: as a number while it fits in 49 bits (keys, lengths, most values), else through BigInt. */
function readVarint(buf: Uint8Array, at: number): [bigint | number, number] {
  let value = 0;
  let scale = 1;
  for (let i = at; i < buf.length && i < at + 7; i++) {
    const byte = buf[i] as number;
    value += (byte & 0x7f) * scale;
    if ((byte & 0x80) === 0) return [value, i + 1];
    scale *= 128;
  }
  return readBigVarint(buf, at);
}

function readBigVarint(buf: Uint8Array, at: number): [bigint, number] {
  let value = 0n;
  let shift = 0n;
  for (let i = at; i < buf.length && i < at + 10; i++) {
    const byte = buf[i] as number;
    value |= BigInt(byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) return [value, i + 1];
    shift += 7n;
  }
  throw new WireError(`a varint at byte ${at} does not end`);
}

/** Every field of one message, in order. */
export function* fields(buf: Uint8Array): Generator<Field> {
  let at = 0;
  while (at < buf.length) {
    const [rawKey, next] = readVarint(buf, at);
    if (typeof rawKey === "bigint") throw new WireError(`a field key at byte ${at} is too large`);
    const number = Math.floor(rawKey / 8);
    const type = rawKey % 8;
    if (number === 0) throw new WireError(`field number 0 at byte ${at}`);
    at = next;
    if (type === 0) {
      const [varint, end] = readVarint(buf, at);
      at = end;
      yield { number, type, varint, bytes: EMPTY };
    } else if (type === 1 || type === 5) {
      const size = type === 1 ? 8 : 4;
      if (at + size > buf.length) throw new WireError(`field ${number} at byte ${at} runs past the end`);
      yield { number, type, varint: 0, bytes: buf.subarray(at, at + size) };
      at += size;
    } else if (type === 2) {
      const [length, start] = readVarint(buf, at);
      if (typeof length === "bigint") throw new WireError(`field ${number} at byte ${at} is too long`);
      const end = start + length;
      if (end > buf.length) throw new WireError(`field ${number} at byte ${at} runs past the end`);
      yield { number, type, varint: 0, bytes: buf.subarray(start, end) };
      at = end;
    } else {
      throw new WireError(`field ${number} at byte ${at} has wire type ${type}, which OTLP does not use`);
    }
  }
}

const EMPTY = new Uint8Array(0);
const decoder = new TextDecoder("utf-8", { fatal: true });

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function text(field: Field): string {
  if (field.type !== 2) throw new WireError(`field ${field.number} should be a string`);
  try {
    return decoder.decode(field.bytes);
  } catch {
    throw new WireError(`field ${field.number} is not UTF-8 text`);
  }
}

/** A fixed64 as its decimal digits (nanosecond times pass 2^53). */
export function fixed64(field: Field): string {
  if (field.type !== 1) throw new WireError(`field ${field.number} should be a fixed 64-bit number`);
  return view(field.bytes).getBigUint64(0, true).toString();
}

export function sfixed64(field: Field): string {
  if (field.type !== 1) throw new WireError(`field ${field.number} should be a fixed 64-bit number`);
  return view(field.bytes).getBigInt64(0, true).toString();
}

export function double(field: Field): number {
  if (field.type !== 1) throw new WireError(`field ${field.number} should be a double`);
  return view(field.bytes).getFloat64(0, true);
}

/** An int64 varint as its decimal digits (two's complement for negatives). */
export function int64(field: Field): string {
  if (field.type !== 0) throw new WireError(`field ${field.number} should be a varint`);
  return typeof field.varint === "number" ? String(field.varint) : BigInt.asIntN(64, field.varint).toString();
}

export function uint(field: Field): number {
  if (field.type !== 0) throw new WireError(`field ${field.number} should be a varint`);
  return typeof field.varint === "number" ? field.varint % 2 ** 32 : Number(BigInt.asUintN(32, field.varint));
}

export function bool(field: Field): boolean {
  if (field.type !== 0) throw new WireError(`field ${field.number} should be a varint`);
  return field.varint !== 0 && field.varint !== 0n;
}

export function message(field: Field): Uint8Array {
  if (field.type !== 2) throw new WireError(`field ${field.number} should be a message`);
  return field.bytes;
}

export const hex = (field: Field) => Buffer.from(message(field)).toString("hex");
