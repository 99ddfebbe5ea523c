// Stripe's `expand[]`: dotted paths whose id strings are replaced by the objects they name
// (customer, subscription, latest_invoice, items.data.price.product, data.customer in lists),
// up to four levels deep; "This property cannot be expanded" for anything else.
import { stripeErrors } from './stripe-errors.ts';

/** Finds the object of an id, or undefined when the id is of no expandable kind. */
export type Resolver = (id: string) => object | undefined;

/** Computed fields a path may start with (Checkout's line_items), by name. */
export type Includables = Record<string, () => unknown>;

const MAX_DEPTH = 4;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Expands `paths` in `root` (mutated and returned). */
export function expand<T extends object>(
  root: T,
  paths: readonly string[],
  resolve: Resolver,
  includables: Includables = {},
): T {
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.some((s) => s === '')) throw stripeErrors.cannotExpand(path);
    const depth = segments.filter((s) => s !== 'data').length;
    if (depth > MAX_DEPTH)
      throw stripeErrors.invalid(
        `You cannot expand more than ${MAX_DEPTH} levels of a property. Property: ${path}`,
      );
    walk(root as Record<string, unknown>, segments, path, resolve, includables);
  }
  return root;
}

function walk(
  node: Record<string, unknown>,
  segments: string[],
  path: string,
  resolve: Resolver,
  includables: Includables,
): void {
  const [key, ...rest] = segments as [string, ...string[]];
  if (!Object.hasOwn(node, key)) {
    const include = includables[key];
    if (!include) throw stripeErrors.cannotExpand(path);
    node[key] = include();
  }
  let value = node[key];
  if (typeof value === 'string') {
    const object = resolve(value);
    if (!object) throw stripeErrors.cannotExpand(path);
    node[key] = object;
    value = object;
  }
  if (rest.length === 0 || value === null || value === undefined) {
    if (rest.length === 0 && !isRecord(value) && !Array.isArray(value) && value !== null)
      throw stripeErrors.cannotExpand(path);
    return;
  }
  if (Array.isArray(value)) {
    // A list of objects (data of a list, or an array field): expand in each.
    value.forEach((item, i) => {
      if (typeof item === 'string' && rest.length === 0) {
        const object = resolve(item);
        if (!object) throw stripeErrors.cannotExpand(path);
        value[i] = object;
      } else if (isRecord(item)) walk(item, rest, path, resolve, {});
    });
    return;
  }
  if (!isRecord(value)) throw stripeErrors.cannotExpand(path);
  walk(value, rest, path, resolve, {});
}
