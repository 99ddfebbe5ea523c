import { z } from 'zod';

/** Settings the web app reads at start from the server (no secrets). */
export const publicConfig = z.object({
  productName: z.string(),
  supportEmail: z.string(),
  /** Spec "only-v2 setting": non-v2-enterprise users are sent to service discontinuation. */
  onlyV2: z.boolean(),
  features: z.object({
    /** The new optimize page (/optimize) is enabled. */
    newOptimizePage: z.boolean(),
    /** The shorts toggle of the optimisation list is shown. */
    shorts: z.boolean(),
    /** HTTP retry on status 0 and 502 (spec section 9). */
    httpRetry: z.boolean(),
  }),
  /** Whether the dev mailbox page (/dev/mailbox) exists: only without SMTP. */
  devMailbox: z.boolean(),
  /** Server settings the forms check before sending, so they refuse what the API would. */
  limits: z.object({
    /** Most seed keywords of one idea discovery (IDEA_SEEDS_MAX). */
    ideaSeedsMax: z.number().int().min(1),
    /** Largest thumbnail upload in bytes (THUMBNAIL_MAX_BYTES). */
    thumbnailMaxBytes: z.number().int().min(1),
  }),
});
export type PublicConfig = z.infer<typeof publicConfig>;
