// Optional persistence of the mutable state (video edits, custom thumbnails, OAuth tokens, quota
// ledger, added channels; imported data has its own file, see import/imported-world.ts; the
// Stripe emulator's objects and pending webhooks too, stripe/stripe-persistence.ts) as one JSON snapshot under dataDir, written atomically (temp file +
// rename) and debounced, so an embedded server restart keeps what users published.
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { writeFile, rename, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddChannelOptions } from './corpus/generate.ts';
import type { VideoEdit } from './corpus/types.ts';
import type { OAuthSnapshot } from './oauth.ts';
import type { QuotaDay } from './quota.ts';
import type { CustomThumbnailMeta } from './thumbnails.ts';

/** The snapshot file format. */
export interface Snapshot {
  version: 1;
  seed: string;
  /** The corpus "as of" instant, kept so generated dates do not move across restarts. */
  asOf: number;
  videoEdits: Record<string, VideoEdit>;
  thumbnails: Record<string, CustomThumbnailMeta>;
  oauth: OAuthSnapshot;
  quota: QuotaDay[];
  addedChannels: AddChannelOptions[];
}

/** Name of the snapshot file inside dataDir. */
export const SNAPSHOT_FILE = 'emulator-state.json';

/** Reads the snapshot of a data directory, if there is a valid one. */
export function readSnapshot(dataDir: string): Snapshot | undefined {
  const file = join(dataDir, SNAPSHOT_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
    return parsed.version === 1 ? parsed : undefined;
  } catch {
    // A corrupt snapshot is ignored rather than blocking start-up; it is overwritten on next save.
    return undefined;
  }
}

/** Writes snapshots atomically, at most once per `debounceMs` (another file: `fileName`). */
export class SnapshotWriter<T = Snapshot> {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly dataDir: string;
  private readonly build: () => T;
  private readonly debounceMs: number;
  private readonly fileName: string;

  constructor(dataDir: string, build: () => T, debounceMs = 200, fileName = SNAPSHOT_FILE) {
    this.dataDir = dataDir;
    this.build = build;
    this.debounceMs = debounceMs;
    this.fileName = fileName;
    mkdirSync(dataDir, { recursive: true });
  }

  /** Schedules a save. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.writing = this.writing.then(() => this.write()).catch(() => {});
    }, this.debounceMs);
    this.timer.unref();
  }

  private async write(): Promise<void> {
    const file = join(this.dataDir, this.fileName);
    const tmp = `${file}.${process.pid}.tmp`;
    await mkdir(this.dataDir, { recursive: true });
    await writeFile(tmp, JSON.stringify(this.build()));
    await rename(tmp, file);
  }

  /** Writes now (pending debounced save included) and waits for it. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.writing;
    await this.write();
  }

  /** Synchronous final write (process exit). */
  flushSync(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const file = join(this.dataDir, this.fileName);
    writeFileSync(`${file}.tmp`, JSON.stringify(this.build()));
    renameSync(`${file}.tmp`, file);
  }
}
