import { toSafeText } from '@tubewise/contract';

/**
 * A value with every string and object key brought under the contract's text rule (refused
 * control characters removed, lone surrogates replaced by U+FFFD), so PostgreSQL can store it
 * (NUL and lone surrogates break text and jsonb) and the product can send it back to the API.
 * Plain objects and arrays are copied only where something changed; Dates, Buffers and other
 * class instances are returned as they are.
 */
export function toSafeValue<T>(value: T): T {
  return safe(value, 0) as T;
}

/** Deeper than any platform answer; a cycle or an absurd nesting stops here unchanged. */
const MAX_DEPTH = 64;

function safe(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return toSafeText(value);
  if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const next = safe(value[i], depth + 1);
      if (next !== value[i]) (copy ??= [...value])[i] = next;
    }
    return copy ?? value;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, inner]) => {
    const k = toSafeText(key);
    const v = safe(inner, depth + 1);
    if (k !== key || v !== inner) changed = true;
    return [k, v] as const;
  });
  return changed ? Object.fromEntries(entries) : value;
}

/**
 * Wraps a port to an outside service (the video platform, the keyword-data provider) so every
 * result of every method, present and future, comes back under the text rule: the one place
 * where outside text enters the product. A sync of videos whose titles, descriptions, tags or
 * playlist names hold NUL, other controls or lone surrogates stores them (those characters
 * dropped or replaced) instead of failing on every retry. Errors pass through unchanged.
 */
export function withSafeResults<T extends object>(port: T): T {
  return new Proxy(port, {
    get(target, key, receiver) {
      const member = Reflect.get(target, key, receiver) as unknown;
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        const result = (member as (...a: unknown[]) => unknown).apply(target, args);
        return result instanceof Promise ? result.then(toSafeValue) : toSafeValue(result);
      };
    },
  });
}
