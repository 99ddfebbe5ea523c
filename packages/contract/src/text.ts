/**
 * The product's one rule for text: any string a client sends (body, query, path parameters,
 * object keys included) may hold every Unicode character except
 * - control characters (Unicode category Cc: U+0000–U+001F, U+007F–U+009F) other than tab,
 *   line feed and carriage return, and
 * - lone UTF-16 surrogates (a high surrogate not followed by a low one, or a low one alone).
 * Such text is refused with 400 `validation-failed` naming the field; nothing is changed silently.
 * NUL and lone surrogates cannot be stored by PostgreSQL at all; the other controls are invisible,
 * so a person could never see or remove them. Platform text is brought under the same rule when
 * it enters the product (`toSafeText`), so whatever the product shows can be sent back.
 */

// Finding control characters is the point of these patterns.
/* eslint-disable no-control-regex */
/** Refused control characters: Unicode category Cc except tab, line feed and carriage return. */
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/** Lone surrogates only (they become U+FFFD; the controls are removed). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Matches one character the text rule refuses (not global: `test` keeps no `lastIndex` state). */
const UNSAFE_ONCE = new RegExp(`${CONTROLS.source}|${LONE_SURROGATE.source}`);
/* eslint-enable no-control-regex */

/** Whether a string satisfies the text rule (no refused control character, no lone surrogate). */
export function isSafeText(value: string): boolean {
  return !UNSAFE_ONCE.test(value);
}

/** U+XXXX notation of the first refused character of a string, or null when it is safe. */
export function firstUnsafeCharacter(value: string): string | null {
  const match = UNSAFE_ONCE.exec(value);
  if (!match) return null;
  return `U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The text brought under the rule: refused control characters removed, lone surrogates replaced
 * by U+FFFD (the replacement character). Safe text comes back unchanged (the same string).
 */
export function toSafeText(value: string): string {
  if (isSafeText(value)) return value;
  return value.replace(CONTROLS, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** Why a string breaks the text rule, in words a person can act on. */
export function unsafeTextMessage(value: string): string {
  const char = firstUnsafeCharacter(value) ?? '';
  const code = Number.parseInt(char.slice(2), 16);
  return code >= 0xd800 && code <= 0xdfff
    ? `Contains a broken character (an unpaired surrogate, ${char}); retype or paste the text again.`
    : `Contains an invisible control character (${char}); remove it and try again.`;
}

/** A place in a request where text breaks the rule. */
export interface UnsafeTextIssue {
  /** Dotted path, e.g. `body.tags.2`; for a bad object key, the object holding it. */
  path: string;
  message: string;
}

/** Issues reported at most per request (a huge array of bad strings needs only a few). */
const MAX_ISSUES = 20;

/**
 * Every string and object key in a parsed JSON-like value that breaks the text rule, as issues
 * under `root` (e.g. 'body', 'querystring', 'params'). Walks iteratively, so a deeply nested
 * body cannot exhaust the stack; non-plain objects (Buffers, Dates) are not text and are skipped.
 */
export function findUnsafeText(value: unknown, root: string): UnsafeTextIssue[] {
  const issues: UnsafeTextIssue[] = [];
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length && issues.length < MAX_ISSUES) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (!isSafeText(current)) issues.push({ path, message: unsafeTextMessage(current) });
      continue;
    }
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], `${path}.${i}`]);
      continue;
    }
    if (!isPlainObject(current)) continue;
    const entries = Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      if (!isSafeText(key)) {
        // The key itself is not echoed: it is what the rule refuses.
        issues.push({ path, message: `A key ${lowerFirst(unsafeTextMessage(key))}` });
        continue;
      }
      stack.push([inner, `${path}.${key}`]);
    }
  }
  return issues;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
