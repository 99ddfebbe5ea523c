import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { VideoScript } from '@tubewise/contract';
import { getVideoScript, saveVideoScript } from '../api/scripts.ts';
import { ScriptSync, type ScriptSyncDeps, type ScriptSyncSnapshot } from './script-sync.ts';

/**
 * The autosave of one idea's script for as long as the editor is shown: retries when the browser
 * comes back online and warns before leaving the page with a text the server does not have yet;
 * `onSaved` hears every answer of a successful save.
 */
export function useScriptSync(
  ideaId: string,
  server: VideoScript,
  onSaved?: (script: VideoScript) => void,
): { sync: ScriptSync; snapshot: ScriptSyncSnapshot } {
  // The sync lives as long as the editor; it reads the latest callback, not the first one.
  const latestOnSaved = useRef(onSaved);
  useLayoutEffect(() => {
    latestOnSaved.current = onSaved;
  });
  const [sync] = useState(() => {
    const deps: ScriptSyncDeps = {
      save: async (id, body) => {
        const saved = await saveVideoScript(id, body);
        latestOnSaved.current?.(saved);
        return saved;
      },
      load: (id) => getVideoScript(id),
    };
    return new ScriptSync(ideaId, server, deps);
  });
  const snapshot = useSyncExternalStore(sync.subscribe, sync.getSnapshot);

  useEffect(() => {
    sync.start();
    const onOnline = (): void => {
      const { status } = sync.getSnapshot();
      if (status === 'offline' || status === 'retrying') sync.retryNow();
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      sync.stop();
    };
  }, [sync]);

  const unsaved = snapshot.status !== 'saved';
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent): void => {
      // The text is kept in this browser anyway; the prompt only avoids a surprise.
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  return { sync, snapshot };
}

/** Ctrl+S / Cmd+S anywhere on the page saves the script instead of the browser's "Save page". */
export function useScriptSaveShortcut(onSave: () => void): void {
  const latest = useRef(onSave);
  useLayoutEffect(() => {
    latest.current = onSave;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        latest.current();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
