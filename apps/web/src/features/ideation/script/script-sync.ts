/**
 * Keeps a script safe between the editor, the browser and the server: saves SCRIPT_AUTOSAVE_MS
 * after typing stops, keeps every unsaved text in localStorage (per idea, with the revision it
 * is based on) until the server has it, retries failed saves with a growing delay, and turns a
 * 409 `script-conflict` into a choice instead of a silent overwrite. No React here: the editor
 * subscribes to snapshots (see use-script-sync.ts).
 */
import type { VideoScript } from '@tubewise/contract';
import { SCRIPT_AUTOSAVE_MS, SCRIPT_MAX_CHARACTERS } from '@tubewise/contract/script-constants';
import { isApiError } from '../../../lib/api-error.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import type { SaveScriptBody } from '../api/scripts.ts';

/** First retry delay after a failed save; doubles with each further failure. */
export const SCRIPT_RETRY_BASE_MS = 1000;
/** Longest wait between two save attempts. */
export const SCRIPT_RETRY_MAX_MS = 30_000;

/** Where the script stands: the save state the editor shows. */
export type ScriptSaveStatus =
  /** The server has the text in the editor. */
  | 'saved'
  /** Typed; the save starts once typing stops. */
  | 'pending'
  | 'saving'
  /** No answer from the server: kept in the browser, retried. */
  | 'offline'
  /** The server failed (5xx, 429): kept in the browser, retried. */
  | 'retrying'
  /** Refused for a reason a retry cannot fix (too long, idea deleted): kept in the browser. */
  | 'error'
  /** Someone saved another version: the person chooses (nothing is saved meanwhile). */
  | 'conflict';

/** A script text kept in the browser until the server has it. */
export interface StoredScript {
  content: string;
  /** The server revision the text was based on. */
  baseRevision: number;
  /** When it was last edited (epoch ms). */
  editedAt: number;
}

/** A version the person set aside when resolving a conflict, still there to copy. */
export interface SetAsideVersion {
  whose: 'mine' | 'theirs';
  content: string;
  by: string | null;
  at: string | null;
}

/** What the editor shows. */
export interface ScriptSyncSnapshot {
  status: ScriptSaveStatus;
  /** The text in the editor (HTML). */
  content: string;
  /** The server revision the text is based on. */
  revision: number;
  /** Last save on the server (ISO) and by whom. */
  savedAt: string | null;
  savedBy: string | null;
  /** The other version when status is 'conflict'. */
  conflict: VideoScript | null;
  /** Why there is a conflict: a refused save, or a browser copy older than the server's. */
  conflictSource: 'save' | 'browser' | null;
  /** The message of an 'error'. */
  error: string | null;
  /** When the next retry runs (epoch ms), while 'offline' or 'retrying'. */
  retryAt: number | null;
  /** The version set aside by the last conflict choice. */
  setAside: SetAsideVersion | null;
  /** Whether the text was restored from this browser on opening. */
  restored: boolean;
}

/** localStorage key of an idea's unsaved script. */
export function scriptStorageKey(ideaId: string): string {
  return `tubewise.script.${ideaId}`;
}

/** The unsaved script kept in this browser for an idea, or null. */
export function readStoredScript(ideaId: string): StoredScript | null {
  const raw = readStorage(scriptStorageKey(ideaId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredScript>;
    if (
      typeof value.content === 'string' &&
      typeof value.baseRevision === 'number' &&
      typeof value.editedAt === 'number'
    ) {
      return { content: value.content, baseRevision: value.baseRevision, editedAt: value.editedAt };
    }
  } catch {
    // Unreadable: treated as absent.
  }
  return null;
}

/** Keeps (or with null forgets) an idea's unsaved script in this browser. */
export function writeStoredScript(ideaId: string, value: StoredScript | null): void {
  writeStorage(scriptStorageKey(ideaId), value === null ? null : JSON.stringify(value));
}

/** Storage key of a person's own text set aside after taking the other version. */
export const setAsideStorageKey = (ideaId: string): string => `tubewise.script.${ideaId}.set-aside`;

/** The text set aside for an idea in this browser, if any. */
export function readSetAside(ideaId: string): { content: string } | null {
  try {
    const raw = readStorage(setAsideStorageKey(ideaId));
    const value = raw ? (JSON.parse(raw) as { content?: unknown }) : null;
    return value && typeof value.content === 'string' ? { content: value.content } : null;
  } catch {
    return null;
  }
}

/** Keeps (or with null, forgets) the text set aside for an idea in this browser. */
export function writeSetAside(ideaId: string, value: { content: string } | null): void {
  writeStorage(setAsideStorageKey(ideaId), value === null ? null : JSON.stringify(value));
}

/** Delay before retry number `attempt` (0-based): 1 s, 2 s, 4 s… up to 30 s. */
export function scriptRetryDelay(attempt: number): number {
  return Math.min(SCRIPT_RETRY_BASE_MS * 2 ** attempt, SCRIPT_RETRY_MAX_MS);
}

/** How to open a script given the server's copy and the browser's. */
export type OpenDecision =
  | { kind: 'server' }
  /** The browser's text is newer and based on the server's revision: restore and save it. */
  | { kind: 'restore'; content: string }
  /** The browser's text is based on an older revision: the person chooses. */
  | { kind: 'conflict'; content: string; baseRevision: number };

/**
 * Whether two script texts are the same document: the server keeps its sanitised HTML, which
 * may spell the editor's HTML differently (`<br />` for `<br>`), so both are compared after the
 * browser's own parse-and-serialise.
 */
export function sameScript(a: string, b: string): boolean {
  if (a === b) return true;
  const canonical = (html: string) =>
    new DOMParser().parseFromString(html, 'text/html').body.innerHTML.trim();
  return canonical(a) === canonical(b);
}

/** Decides between the server's script and an unsaved copy kept in this browser. */
export function decideOpen(server: VideoScript, stored: StoredScript | null): OpenDecision {
  // The same text (e.g. a save whose answer was lost): nothing to restore or choose.
  if (!stored || sameScript(stored.content, server.content)) return { kind: 'server' };
  if (stored.baseRevision >= server.revision) return { kind: 'restore', content: stored.content };
  return { kind: 'conflict', content: stored.content, baseRevision: stored.baseRevision };
}

/** The other person's script in a 409 `script-conflict`, when the server sent a usable one. */
export function conflictScript(err: unknown): VideoScript | null {
  if (!isApiError(err, 409) || err.code !== 'script-conflict') return null;
  const script = (err.details as { script?: Partial<VideoScript> } | null | undefined)?.script;
  if (!script || typeof script.content !== 'string' || typeof script.revision !== 'number') {
    return null;
  }
  return {
    ideaId: String(script.ideaId ?? ''),
    content: script.content,
    revision: script.revision,
    updatedAt: script.updatedAt ?? null,
    updatedByName: script.updatedByName ?? null,
  };
}

const RETRYABLE = (status: number): boolean =>
  status === 0 || status === 408 || status === 429 || status >= 500;

/** Calls the sync needs; injected so tests and the editor share one implementation. */
export interface ScriptSyncDeps {
  save: (ideaId: string, body: SaveScriptBody) => Promise<VideoScript>;
  load: (ideaId: string) => Promise<VideoScript>;
  now?: () => number;
}

/** Too long for the server: the message shown (the text stays in the browser). */
export const SCRIPT_TOO_LONG_TEXT = `This script is longer than ${SCRIPT_MAX_CHARACTERS.toLocaleString('en-US')} characters with its formatting, so it cannot be saved. Shorten it; your text is kept in this browser meanwhile.`;

/** The autosave of one idea's script (see the file comment). */
export class ScriptSync {
  private snapshot: ScriptSyncSnapshot;
  private readonly listeners = new Set<() => void>();
  /** The text the server is known to hold at `snapshot.revision`. */
  private serverContent: string;
  private debounce: ReturnType<typeof setTimeout> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private inFlight = false;
  private queued = false;
  private active = false;
  private readonly now: () => number;

  private readonly ideaId: string;
  private readonly deps: ScriptSyncDeps;

  constructor(ideaId: string, server: VideoScript, deps: ScriptSyncDeps) {
    this.ideaId = ideaId;
    this.deps = deps;
    this.now = deps.now ?? Date.now;
    this.serverContent = server.content;
    const base: ScriptSyncSnapshot = {
      status: 'saved',
      content: server.content,
      revision: server.revision,
      savedAt: server.updatedAt,
      savedBy: server.updatedByName,
      conflict: null,
      conflictSource: null,
      error: null,
      retryAt: null,
      setAside: null,
      restored: false,
    };
    const decision = decideOpen(server, readStoredScript(ideaId));
    const setAside = readSetAside(ideaId);
    if (setAside) base.setAside = { whose: 'mine', content: setAside.content, by: null, at: null };
    if (decision.kind === 'server') {
      writeStoredScript(ideaId, null);
      this.snapshot = base;
    } else if (decision.kind === 'restore') {
      this.snapshot = { ...base, status: 'pending', content: decision.content, restored: true };
    } else {
      this.snapshot = {
        ...base,
        status: 'conflict',
        content: decision.content,
        revision: decision.baseRevision,
        conflict: server,
        conflictSource: 'browser',
      };
    }
  }

  /** The current snapshot (a new object after every change). */
  getSnapshot = (): ScriptSyncSnapshot => this.snapshot;

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Starts the timers (the editor is shown); a restored text is saved right away. */
  start(): void {
    this.active = true;
    const { status } = this.snapshot;
    if (status === 'pending') this.schedule(0);
    if (status === 'offline' || status === 'retrying') this.retryNow();
  }

  /** Stops the timers (the editor closes): a text waiting for its save is sent now. */
  stop(): void {
    const waiting = this.debounce !== null;
    this.clearTimers();
    if (waiting) this.saveNow();
    this.active = false;
  }

  /** The editor's text changed. */
  edit(content: string): void {
    if (content === this.snapshot.content) return;
    const keep = this.snapshot.status === 'conflict' || this.retry !== null;
    this.keepInBrowser(content, this.snapshot.revision);
    if (keep) {
      this.update({ content });
      return;
    }
    this.update({ content, status: this.inFlight ? 'saving' : 'pending', error: null });
    this.schedule(SCRIPT_AUTOSAVE_MS);
  }

  /** Saves now (Ctrl+S, closing the editor), without waiting for the typing pause. */
  saveNow(): void {
    this.clearTimers();
    void this.send();
  }

  /** Retries a failed save at once (back online, or the person asked). */
  retryNow(): void {
    if (this.snapshot.status === 'conflict') return;
    this.attempt = 0;
    this.saveNow();
  }

  /** Conflict: save the person's text on top of the other version (which stays to copy). */
  keepMine(): void {
    const theirs = this.snapshot.conflict;
    if (!theirs) return;
    this.serverContent = theirs.content;
    this.update({
      status: 'pending',
      revision: theirs.revision,
      conflict: null,
      conflictSource: null,
      setAside: {
        whose: 'theirs',
        content: theirs.content,
        by: theirs.updatedByName,
        at: theirs.updatedAt,
      },
    });
    this.keepInBrowser(this.snapshot.content, theirs.revision);
    this.saveNow();
  }

  /** Conflict: take the other version; the person's text stays to copy. Returns the new text. */
  takeTheirs(): string {
    const theirs = this.snapshot.conflict;
    if (!theirs) return this.snapshot.content;
    const mine = this.snapshot.content;
    this.clearTimers();
    this.serverContent = theirs.content;
    writeStoredScript(this.ideaId, null);
    // Kept in this browser until dismissed, so a reload does not lose the person's own text.
    writeSetAside(this.ideaId, { content: mine });
    this.update({
      status: 'saved',
      content: theirs.content,
      revision: theirs.revision,
      savedAt: theirs.updatedAt,
      savedBy: theirs.updatedByName,
      conflict: null,
      conflictSource: null,
      setAside: { whose: 'mine', content: mine, by: null, at: null },
    });
    return theirs.content;
  }

  /** Hides the set-aside version and the restored notice. */
  dismissNotices(): void {
    writeSetAside(this.ideaId, null);
    this.update({ setAside: null, restored: false });
  }

  private update(changes: Partial<ScriptSyncSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...changes };
    this.listeners.forEach((l) => l());
  }

  private keepInBrowser(content: string, baseRevision: number): void {
    writeStoredScript(this.ideaId, { content, baseRevision, editedAt: this.now() });
  }

  private clearTimers(): void {
    if (this.debounce !== null) clearTimeout(this.debounce);
    if (this.retry !== null) clearTimeout(this.retry);
    this.debounce = null;
    this.retry = null;
  }

  private schedule(delay: number): void {
    if (!this.active) return;
    if (this.debounce !== null) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = null;
      void this.send();
    }, delay);
  }

  private async send(): Promise<void> {
    if (this.inFlight) {
      this.queued = true;
      return;
    }
    const { content, revision, status } = this.snapshot;
    if (status === 'conflict') return;
    if (content === this.serverContent) {
      writeStoredScript(this.ideaId, null);
      if (status !== 'saved') this.update({ status: 'saved', error: null, retryAt: null });
      return;
    }
    if (content.length > SCRIPT_MAX_CHARACTERS) {
      this.update({ status: 'error', error: SCRIPT_TOO_LONG_TEXT, retryAt: null });
      return;
    }
    this.inFlight = true;
    this.queued = false;
    this.update({ status: 'saving', retryAt: null });
    try {
      const saved = await this.deps.save(this.ideaId, { content, baseRevision: revision });
      this.inFlight = false;
      this.attempt = 0;
      this.serverContent = content;
      const current = this.snapshot.content;
      if (current === content) writeStoredScript(this.ideaId, null);
      else this.keepInBrowser(current, saved.revision);
      this.update({
        status: current === content ? 'saved' : 'pending',
        revision: saved.revision,
        savedAt: saved.updatedAt,
        savedBy: saved.updatedByName,
        error: null,
      });
      if (current !== content) {
        if (this.queued) void this.send();
        else this.schedule(SCRIPT_AUTOSAVE_MS);
      }
    } catch (err) {
      this.inFlight = false;
      this.queued = false;
      await this.failed(err, content);
    }
  }

  private async failed(err: unknown, sent: string): Promise<void> {
    if (isApiError(err, 409) && err.code === 'script-conflict') {
      const theirs = conflictScript(err) ?? (await this.deps.load(this.ideaId).catch(() => null));
      if (theirs && sameScript(theirs.content, sent)) {
        // "Their" version is this text: an earlier save arrived but its answer was lost.
        this.attempt = 0;
        this.serverContent = sent;
        const current = this.snapshot.content;
        this.update({
          status: current === sent ? 'saved' : 'pending',
          revision: theirs.revision,
          savedAt: theirs.updatedAt,
          savedBy: theirs.updatedByName,
          error: null,
          retryAt: null,
        });
        if (current === sent) writeStoredScript(this.ideaId, null);
        else {
          this.keepInBrowser(current, theirs.revision);
          this.schedule(SCRIPT_AUTOSAVE_MS);
        }
        return;
      }
      if (theirs) {
        this.clearTimers();
        this.update({ status: 'conflict', conflict: theirs, conflictSource: 'save' });
        return;
      }
    }
    const status = isApiError(err) ? err.status : 0;
    if (isApiError(err) && !RETRYABLE(status)) {
      this.update({ status: 'error', error: err.message, retryAt: null });
      return;
    }
    const delay = scriptRetryDelay(this.attempt);
    this.attempt += 1;
    this.update({
      status: status === 0 ? 'offline' : 'retrying',
      retryAt: this.now() + delay,
    });
    if (!this.active) return;
    if (this.retry !== null) clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.send();
    }, delay);
  }
}
