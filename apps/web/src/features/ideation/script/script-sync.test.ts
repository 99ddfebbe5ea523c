import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCRIPT_AUTOSAVE_MS, type VideoScript } from '@tubewise/contract';
import { ApiError } from '../../../lib/api-error.ts';
import type { SaveScriptBody } from '../api/scripts.ts';
import { buildScript } from '../saved/testing/saved-server.ts';
import {
  ScriptSync,
  decideOpen,
  readSetAside,
  readStoredScript,
  scriptRetryDelay,
  writeStoredScript,
} from './script-sync.ts';

const conflictError = (script: VideoScript) =>
  new ApiError({
    status: 409,
    code: 'script-conflict',
    message: 'Conflict',
    details: { script },
  });
const offline = () => new ApiError({ status: 0, code: 'network-error', message: 'Offline' });

/** A sync of idea si-1 whose saves answer with `answers` in turn (then succeed). */
function setup(server: VideoScript, answers: (Error | null)[] = []) {
  const calls: SaveScriptBody[] = [];
  const save = vi.fn((_id: string, body: SaveScriptBody): Promise<VideoScript> => {
    calls.push(body);
    const answer = answers.shift();
    if (answer) return Promise.reject(answer);
    return Promise.resolve(
      buildScript({
        content: body.content,
        revision: body.baseRevision + 1,
        updatedAt: '2026-02-02T09:30:00.000Z',
        updatedByName: 'Me',
      }),
    );
  });
  const sync = new ScriptSync('si-1', server, {
    save,
    load: () => Promise.resolve(server),
    now: () => 1_000,
  });
  sync.start();
  return { sync, save, calls };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('autosave', () => {
  it(`saves ${SCRIPT_AUTOSAVE_MS} ms after the last edit, with the base revision`, async () => {
    const { sync, calls } = setup(buildScript({ content: '<p>a</p>', revision: 2 }));
    sync.edit('<p>ab</p>');
    await vi.advanceTimersByTimeAsync(300);
    sync.edit('<p>abc</p>');
    expect(sync.getSnapshot().status).toBe('pending');
    await vi.advanceTimersByTimeAsync(SCRIPT_AUTOSAVE_MS - 1);
    expect(calls).toHaveLength(0);
    // Kept in the browser until the server has it.
    expect(readStoredScript('si-1')).toMatchObject({ content: '<p>abc</p>', baseRevision: 2 });
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ content: '<p>abc</p>', baseRevision: 2 }]);
    expect(sync.getSnapshot()).toMatchObject({ status: 'saved', revision: 3, savedBy: 'Me' });
    expect(readStoredScript('si-1')).toBeNull();
  });

  it('edits made while a save runs are saved next, on the new revision', async () => {
    let release: (s: VideoScript) => void = () => {};
    const server = buildScript({ revision: 0 });
    const calls: SaveScriptBody[] = [];
    const sync = new ScriptSync('si-1', server, {
      save: (_id, body) => {
        calls.push(body);
        if (calls.length === 1) {
          return new Promise((resolve) => {
            release = resolve;
          });
        }
        return Promise.resolve(buildScript({ content: body.content, revision: 2 }));
      },
      load: () => Promise.resolve(server),
    });
    sync.start();
    sync.edit('<p>one</p>');
    await vi.advanceTimersByTimeAsync(SCRIPT_AUTOSAVE_MS);
    sync.edit('<p>one two</p>');
    await vi.advanceTimersByTimeAsync(SCRIPT_AUTOSAVE_MS);
    expect(calls).toHaveLength(1);
    release(buildScript({ content: '<p>one</p>', revision: 1 }));
    await vi.advanceTimersByTimeAsync(SCRIPT_AUTOSAVE_MS);
    expect(calls[1]).toEqual({ content: '<p>one two</p>', baseRevision: 1 });
    expect(sync.getSnapshot().status).toBe('saved');
    expect(readStoredScript('si-1')).toBeNull();
  });

  it('saveNow saves at once; stop sends a text still waiting for its pause', async () => {
    const { sync, calls } = setup(buildScript());
    sync.edit('<p>now</p>');
    sync.saveNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    sync.edit('<p>now and later</p>');
    sync.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[1]).toEqual({ content: '<p>now and later</p>', baseRevision: 1 });
  });
});

describe('failures', () => {
  it('a failed save is kept in the browser and retried with a growing delay', async () => {
    const { sync, calls } = setup(buildScript({ revision: 4 }), [offline(), offline()]);
    sync.edit('<p>precious</p>');
    await vi.advanceTimersByTimeAsync(SCRIPT_AUTOSAVE_MS);
    expect(calls).toHaveLength(1);
    expect(sync.getSnapshot().status).toBe('offline');
    expect(readStoredScript('si-1')).toMatchObject({ content: '<p>precious</p>', baseRevision: 4 });
    await vi.advanceTimersByTimeAsync(scriptRetryDelay(0));
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(scriptRetryDelay(1) - 1);
    expect(calls).toHaveLength(2);
    // Typing meanwhile does not hurry the retry, but the retry sends the latest text.
    sync.edit('<p>precious words</p>');
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[2]).toEqual({ content: '<p>precious words</p>', baseRevision: 4 });
    expect(sync.getSnapshot().status).toBe('saved');
    expect(readStoredScript('si-1')).toBeNull();
  });

  it('a server error retries too; a refusal a retry cannot fix stops with its message', async () => {
    const { sync, calls } = setup(buildScript(), [
      new ApiError({ status: 503, code: 'unavailable', message: 'Down' }),
      new ApiError({ status: 404, code: 'not-found', message: 'Idea not found' }),
    ]);
    sync.edit('<p>x</p>');
    await vi.advanceTimersByTimeAsync(SCRIPT_AUTOSAVE_MS);
    expect(sync.getSnapshot().status).toBe('retrying');
    await vi.advanceTimersByTimeAsync(scriptRetryDelay(0));
    expect(sync.getSnapshot()).toMatchObject({ status: 'error', error: 'Idea not found' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(2);
    expect(readStoredScript('si-1')?.content).toBe('<p>x</p>');
  });

  it('delays double from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(scriptRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('conflicts', () => {
  const theirs = buildScript({
    content: '<p>their text</p>',
    revision: 5,
    updatedAt: '2026-02-02T08:00:00.000Z',
    updatedByName: 'Bo',
  });

  it('a 409 keeps my text and waits; keep mine saves on top of their revision', async () => {
    const { sync, calls } = setup(buildScript({ revision: 4 }), [conflictError(theirs)]);
    sync.edit('<p>my text</p>');
    await vi.advanceTimersByTimeAsync(SCRIPT_AUTOSAVE_MS);
    expect(sync.getSnapshot()).toMatchObject({
      status: 'conflict',
      content: '<p>my text</p>',
      conflict: theirs,
    });
    // Typing during the conflict is kept but not saved over theirs.
    sync.edit('<p>my text!</p>');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    expect(readStoredScript('si-1')?.content).toBe('<p>my text!</p>');

    sync.keepMine();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[1]).toEqual({ content: '<p>my text!</p>', baseRevision: 5 });
    expect(sync.getSnapshot()).toMatchObject({
      status: 'saved',
      revision: 6,
      setAside: { whose: 'theirs', content: '<p>their text</p>' },
    });
  });

  it('take theirs replaces the text and keeps mine aside to copy', async () => {
    const { sync, calls } = setup(buildScript({ revision: 4 }), [conflictError(theirs)]);
    sync.edit('<p>my text</p>');
    await vi.advanceTimersByTimeAsync(SCRIPT_AUTOSAVE_MS);
    expect(sync.takeTheirs()).toBe('<p>their text</p>');
    expect(sync.getSnapshot()).toMatchObject({
      status: 'saved',
      content: '<p>their text</p>',
      revision: 5,
      setAside: { whose: 'mine', content: '<p>my text</p>' },
    });
    expect(calls).toHaveLength(1);
    expect(readStoredScript('si-1')).toBeNull();
    // Mine stays in this browser until dismissed: a reload still shows it.
    const reopened = new ScriptSync('si-1', theirs, {
      save: vi.fn(),
      load: () => Promise.resolve(theirs),
    });
    expect(reopened.getSnapshot().setAside).toMatchObject({
      whose: 'mine',
      content: '<p>my text</p>',
    });
    reopened.dismissNotices();
    expect(readSetAside('si-1')).toBeNull();
  });

  it('a 409 whose other version is my own earlier save (its answer lost) is no conflict', async () => {
    // The server kept the sanitised spelling of the same text.
    const mine = buildScript({ content: '<p>line one<br />line two</p>', revision: 5 });
    const { sync, calls } = setup(buildScript({ revision: 4 }), [conflictError(mine)]);
    sync.edit('<p>line one<br>line two</p>');
    await vi.advanceTimersByTimeAsync(SCRIPT_AUTOSAVE_MS);
    expect(sync.getSnapshot()).toMatchObject({ status: 'saved', revision: 5, conflict: null });
    expect(readStoredScript('si-1')).toBeNull();
    // The next edit saves on top of revision 5.
    sync.edit('<p>line one<br>line two and three</p>');
    await vi.advanceTimersByTimeAsync(SCRIPT_AUTOSAVE_MS);
    expect(calls.at(-1)).toEqual({
      content: '<p>line one<br>line two and three</p>',
      baseRevision: 5,
    });
  });
});

describe('opening', () => {
  it('treats the server’s sanitised spelling of the browser copy as the same text', () => {
    const stored = { content: '<p>a<br>b</p>', baseRevision: 1, editedAt: 1 };
    expect(decideOpen(buildScript({ content: '<p>a<br />b</p>', revision: 2 }), stored)).toEqual({
      kind: 'server',
    });
  });

  it('uses the server copy when the browser has nothing newer', () => {
    writeStoredScript('si-1', { content: '<p>same</p>', baseRevision: 1, editedAt: 1 });
    expect(
      decideOpen(buildScript({ content: '<p>same</p>', revision: 2 }), readStoredScript('si-1')),
    ).toEqual({
      kind: 'server',
    });
    expect(decideOpen(buildScript(), null)).toEqual({ kind: 'server' });
  });

  it('restores and saves an unsaved browser copy based on the current revision', async () => {
    writeStoredScript('si-1', { content: '<p>unsaved words</p>', baseRevision: 3, editedAt: 1 });
    const { sync, calls } = setup(buildScript({ content: '<p>unsaved</p>', revision: 3 }));
    expect(sync.getSnapshot()).toMatchObject({ content: '<p>unsaved words</p>', restored: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([{ content: '<p>unsaved words</p>', baseRevision: 3 }]);
  });

  it('offers the choice when the browser copy is based on an older revision', () => {
    writeStoredScript('si-1', { content: '<p>old edit</p>', baseRevision: 1, editedAt: 1 });
    const server = buildScript({ content: '<p>newer</p>', revision: 3 });
    const { sync, calls } = setup(server);
    expect(sync.getSnapshot()).toMatchObject({
      status: 'conflict',
      conflictSource: 'browser',
      content: '<p>old edit</p>',
      conflict: server,
    });
    expect(calls).toHaveLength(0);
  });
});
