import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type Schema = z.ZodType<FieldValues, FieldValues>;

/**
 * A react-hook-form resolver whose zod schema (usually from the contract) is loaded on first
 * use. zod is about 40 KB gzip; sign-in pages render without it and fetch it in the
 * background once the user starts typing (`preload`).
 */
export function lazyZodResolver<TValues extends FieldValues>(
  loadSchema: () => Promise<Schema>,
): { resolver: Resolver<TValues>; preload: () => void } {
  let ready: Promise<Resolver<TValues>> | undefined;
  const load = (): Promise<Resolver<TValues>> => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<TValues>,
    );
    return ready;
  };
  return {
    resolver: async (values, context, options) => (await load())(values, context, options),
    preload: () => void load().catch(() => undefined),
  };
}
