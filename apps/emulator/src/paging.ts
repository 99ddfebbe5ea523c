// Page tokens in YouTube's own form: base64url of a tiny protobuf (field 1 = offset as a varint,
// field 2 = direction), e.g. offset 10 → "CAoQAA", as in the recorded responses.

function varint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  do {
    let byte = v & 0x7f;
    v = Math.floor(v / 128);
    if (v > 0) byte |= 0x80;
    out.push(byte);
  } while (v > 0 && out.length < 10);
  return out;
}

/** Encodes an offset as a page token (`previous` marks a prevPageToken). */
export function encodePageToken(offset: number, previous = false): string {
  const bytes = [0x08, ...varint(offset), 0x10, previous ? 1 : 0];
  return Buffer.from(bytes).toString('base64url');
}

/** Decodes a page token into an offset, or undefined when it is not one of ours. */
export function decodePageToken(token: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{4,24}$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes[0] !== 0x08) return undefined;
  let offset = 0;
  let scale = 1;
  let i = 1;
  for (; i < bytes.length && i < 11; i++) {
    const byte = bytes[i]!;
    offset += (byte & 0x7f) * scale;
    scale *= 128;
    if ((byte & 0x80) === 0) break;
  }
  if (bytes[i + 1] !== 0x10 || bytes.length !== i + 3) return undefined;
  return offset;
}

/** A page of a list, with the tokens of its neighbours. */
export interface Page<T> {
  items: T[];
  nextPageToken?: string;
  prevPageToken?: string;
  totalResults: number;
}

/** Cuts one page out of a list. */
export function paginate<T>(all: readonly T[], offset: number, size: number): Page<T> {
  const items = all.slice(offset, offset + size);
  const page: Page<T> = { items, totalResults: all.length };
  if (offset + size < all.length) page.nextPageToken = encodePageToken(offset + size);
  if (offset > 0) page.prevPageToken = encodePageToken(Math.max(0, offset - size), true);
  return page;
}
