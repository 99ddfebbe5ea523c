/** localStorage access that never throws (private mode, disabled storage, quota). */

/** Reads a string, or null when absent or storage is unavailable. */
export function readStorage(
  key: string,
  storage: Storage | undefined = globalThis.localStorage,
): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Writes a string, or removes the key when value is null. */
export function writeStorage(
  key: string,
  value: string | null,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value just won't survive a reload.
  }
}
