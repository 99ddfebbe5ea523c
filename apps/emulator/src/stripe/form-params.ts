// Stripe's v1 request encoding: application/x-www-form-urlencoded with nested brackets
// (`line_items[0][price]=…&metadata[plan]=pro&expand[]=customer`), in the body of a POST and in
// the query of a GET or DELETE. Parsed with qs (the convention Stripe's libraries encode for), then
// read through Params, which answers Stripe's errors for unknown, missing and malformed params.
import qs from 'qs';
import { stripeErrors } from './stripe-errors.ts';

/** A parsed form value: a string, a list or a nested object. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

/** Parses a form-encoded string the way Stripe reads it (nested brackets, indexed arrays). */
export function parseForm(text: string): Record<string, FormValue> {
  if (!text) return {};
  return qs.parse(text, {
    depth: 10,
    arrayLimit: 1000,
    parameterLimit: 10_000,
    allowPrototypes: false,
    plainObjects: true,
  }) as Record<string, FormValue>;
}

/** The query string of a raw request URL, parsed. */
export function parseQuery(rawUrl: string | undefined): Record<string, FormValue> {
  const at = rawUrl?.indexOf('?') ?? -1;
  return at < 0 ? {} : parseForm(rawUrl!.slice(at + 1));
}

const isObject = (value: unknown): value is Record<string, FormValue> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const describe = (value: FormValue): string => JSON.stringify(value);

/** Reads one level of parameters; names in errors are written the way they were sent (a[b][0]). */
export class Params {
  readonly values: Record<string, FormValue>;
  private readonly path: string;

  constructor(values: Record<string, FormValue>, path = '') {
    this.values = values;
    this.path = path;
  }

  /** The full name of a key at this level (subscription_data[trial_end]). */
  name(key: string): string {
    return this.path ? `${this.path}[${key}]` : key;
  }

  /** Throws parameter_unknown for the first key not in `known`. */
  allow(known: readonly string[]): this {
    for (const key of Object.keys(this.values))
      if (!known.includes(key)) throw stripeErrors.unknownParam(this.name(key));
    return this;
  }

  has(key: string): boolean {
    return Object.hasOwn(this.values, key);
  }

  /** A string parameter ('' included); an object or list where a string belongs is refused. */
  string(key: string): string | undefined {
    if (!this.has(key)) return undefined;
    const value = this.values[key]!;
    if (typeof value !== 'string')
      throw stripeErrors.invalid(`Invalid string: ${describe(value)}`, { param: this.name(key) });
    return value;
  }

  /** A string that, when sent, must not be empty. */
  nonEmpty(key: string): string | undefined {
    const value = this.string(key);
    if (value === '') throw stripeErrors.emptyString(this.name(key));
    return value;
  }

  required(key: string): string {
    const value = this.nonEmpty(key);
    if (value === undefined) throw stripeErrors.missingParam(this.name(key));
    return value;
  }

  int(key: string): number | undefined {
    const value = this.nonEmpty(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
      throw stripeErrors.invalidInteger(this.name(key), value);
    return Number(value);
  }

  bool(key: string): boolean | undefined {
    const value = this.nonEmpty(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false')
      throw stripeErrors.invalidBoolean(this.name(key), value);
    return value === 'true';
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.nonEmpty(key);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value))
      throw stripeErrors.invalidEnum(this.name(key), allowed);
    return value as T;
  }

  /** A nested object (sent as key[sub]=…); '' is refused unless `emptyAllowed`. */
  object(key: string): Params | undefined {
    if (!this.has(key)) return undefined;
    const value = this.values[key]!;
    if (value === '') return new Params({}, this.name(key));
    if (!isObject(value)) throw stripeErrors.invalid(`Invalid object`, { param: this.name(key) });
    return new Params(value, this.name(key));
  }

  /** A list of objects (key[0][a]=…), in index order. */
  list(key: string): Params[] | undefined {
    if (!this.has(key)) return undefined;
    const value = this.values[key]!;
    const items = Array.isArray(value)
      ? value
      : isObject(value) && Object.keys(value).every((k) => /^\d+$/.test(k))
        ? Object.keys(value)
            .sort((a, b) => Number(a) - Number(b))
            .map((k) => value[k]!)
        : undefined;
    if (!items) throw stripeErrors.invalid(`Invalid array`, { param: this.name(key) });
    return items.map((item, i) => {
      if (!isObject(item))
        throw stripeErrors.invalid(`Invalid object`, { param: `${this.name(key)}[${i}]` });
      return new Params(item, `${this.name(key)}[${i}]`);
    });
  }

  /** A list of strings (expand[]=a&expand[]=b, or expand[0]=a). */
  strings(key: string): string[] | undefined {
    if (!this.has(key)) return undefined;
    const value = this.values[key]!;
    const items = Array.isArray(value)
      ? value
      : isObject(value)
        ? Object.values(value)
        : value === ''
          ? []
          : [value];
    return items.map((item, i) => {
      if (typeof item !== 'string')
        throw stripeErrors.invalid(`Invalid string: ${describe(item)}`, {
          param: `${this.name(key)}[${i}]`,
        });
      return item;
    });
  }

  /**
   * Metadata: `metadata[k]=v` sets keys (an empty value unsets one); `metadata=` unsets all (null).
   * Stripe's limits: 50 keys, keys up to 40 characters, values up to 500.
   */
  metadata(key: string): Record<string, string> | null | undefined {
    if (!this.has(key)) return undefined;
    const value = this.values[key]!;
    if (value === '') return null;
    if (!isObject(value)) throw stripeErrors.invalid(`Invalid hash`, { param: this.name(key) });
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v !== 'string')
        throw stripeErrors.invalid(`Invalid string: ${describe(v)}`, {
          param: `${this.name(key)}[${k}]`,
        });
      if (k.length > 40)
        throw stripeErrors.invalid(
          `Metadata keys can have up to 40 characters. The key '${k}' is too long.`,
          { param: `${this.name(key)}[${k}]` },
        );
      if (v.length > 500)
        throw stripeErrors.invalid(
          `Metadata values can have up to 500 characters, but you passed in a value that is ${v.length} characters. Invalid value: ${v.slice(0, 40)}`,
          { param: `${this.name(key)}[${k}]` },
        );
      out[k] = v;
    }
    if (Object.keys(out).length > 50)
      throw stripeErrors.invalid('You can have up to 50 metadata keys.', { param: this.name(key) });
    return out;
  }
}

/** Applies a metadata update (null clears all, '' values remove keys) and returns the result. */
export function applyMetadata(
  current: Record<string, string>,
  update: Record<string, string> | null | undefined,
): Record<string, string> {
  if (update === undefined) return current;
  if (update === null) return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === '') delete next[k];
    else next[k] = v;
  }
  if (Object.keys(next).length > 50)
    throw stripeErrors.invalid('You can have up to 50 metadata keys.', { param: 'metadata' });
  return next;
}
