import { Zip, ZipDeflate } from 'fflate';
import { csvRecord, CSV_BOM, type CsvCell } from '@tubewise/contract/csv';

/** Limits of one archive: what is stored (compressed) and how much text goes into it. */
export interface ArchiveLimits {
  /** Most bytes of the finished ZIP (it is kept in the database until it expires). */
  maxBytes: number;
  /** Most bytes of text written into it before compression (bounds the work of a huge account). */
  maxUncompressedBytes: number;
}

/** The account holds more than one archive may: the export fails with a clear reason. */
export class ExportTooLargeError extends Error {
  constructor(limit: number) {
    super(`The export is larger than ${Math.round(limit / 1024 / 1024)} MB.`);
    this.name = 'ExportTooLargeError';
  }
}

/** Text gathered before it is compressed, in chunks of about this size. */
const CHUNK_CHARS = 64 * 1024;

/** One file of the archive being written: text in, compressed as it comes. */
export interface ArchiveFile {
  write(text: string): void;
  end(): void;
}

/**
 * A ZIP archive written file by file (one open file at a time) with DEFLATE, counting what goes
 * in and what comes out, so a huge account stops with ExportTooLargeError instead of filling
 * the memory. Compression is synchronous (fflate's streaming classes): each push compresses at
 * once, so only the compressed output is held.
 */
export class ArchiveWriter {
  private readonly zip: Zip;
  private readonly chunks: Uint8Array[] = [];
  private readonly limits: ArchiveLimits;
  private readonly mtime: Date;
  private compressed = 0;
  private uncompressed = 0;
  private failure: Error | null = null;
  private open = false;
  private finished = false;

  constructor(limits: ArchiveLimits, mtime: Date) {
    this.limits = limits;
    this.mtime = mtime;
    this.zip = new Zip((error, chunk) => {
      if (error) {
        this.failure = error;
        return;
      }
      this.compressed += chunk.length;
      if (this.compressed > this.limits.maxBytes) {
        this.failure ??= new ExportTooLargeError(this.limits.maxBytes);
        return;
      }
      this.chunks.push(chunk);
    });
  }

  /** Starts a file; write its text, then end it before the next one. */
  file(name: string): ArchiveFile {
    if (this.open) throw new Error('ArchiveWriter: end the previous file first');
    this.check();
    this.open = true;
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = this.mtime;
    this.zip.add(entry);
    let pending = '';
    const flush = (final: boolean) => {
      const bytes = Buffer.from(pending, 'utf8');
      pending = '';
      this.uncompressed += bytes.length;
      if (this.uncompressed > this.limits.maxUncompressedBytes) {
        this.failure ??= new ExportTooLargeError(this.limits.maxUncompressedBytes);
      }
      this.check();
      entry.push(bytes, final);
      this.check();
    };
    return {
      write: (text) => {
        pending += text;
        if (pending.length >= CHUNK_CHARS) flush(false);
      },
      end: () => {
        flush(true);
        this.open = false;
      },
    };
  }

  /** A whole file at once. */
  text(name: string, content: string): void {
    const file = this.file(name);
    file.write(content);
    file.end();
  }

  /** A JSON file holding one value (pretty-printed). */
  json(name: string, value: unknown): void {
    this.text(name, `${JSON.stringify(value, null, 2)}\n`);
  }

  /** A JSON file holding an array written item by item (for tables read in pages). */
  jsonArray(name: string): { add(item: unknown): void; end(): void } {
    const file = this.file(name);
    let first = true;
    file.write('[');
    return {
      add: (item) => {
        const text = JSON.stringify(item, null, 2).replace(/\n/g, '\n  ');
        file.write(`${first ? '\n  ' : ',\n  '}${text}`);
        first = false;
      },
      end: () => {
        file.write(first ? ']\n' : '\n]\n');
        file.end();
      },
    };
  }

  /**
   * A CSV file (RFC 4180 through the shared writer: quoting, the formula-injection guard, the
   * text rule and a BOM for Excel) written row by row.
   */
  csv(
    name: string,
    header: readonly string[],
  ): { add(row: readonly CsvCell[]): void; end(): void } {
    const file = this.file(name);
    file.write(CSV_BOM + csvRecord(header));
    return { add: (row) => file.write(csvRecord(row)), end: () => file.end() };
  }

  /** Ends the archive and returns its bytes. */
  finish(): Buffer {
    if (this.open) throw new Error('ArchiveWriter: a file is still open');
    if (!this.finished) {
      this.finished = true;
      this.zip.end();
    }
    this.check();
    return Buffer.concat(this.chunks);
  }

  /** Bytes written into the archive so far (before compression). */
  get writtenBytes(): number {
    return this.uncompressed;
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }
}
