import { z } from 'zod';
import { AI_TITLES_MAX, AI_TITLES_MIN } from '@tubewise/contract/ai-constants';
import { toSafeText } from '@tubewise/contract/text';
import { hardLimitErrors } from '@tubewise/recommendations';

/** The answer the model is asked for: 3–5 titles and one description. */
export const modelAnswer = z.strictObject({
  titles: z.array(z.string()).min(AI_TITLES_MIN).max(AI_TITLES_MAX),
  description: z.string(),
});

/** The answer's JSON schema for structured output (strict: every field required, nothing else). */
export const MODEL_ANSWER_SCHEMA = {
  name: 'video_metadata',
  schema: z.toJSONSchema(modelAnswer, { target: 'draft-7' }) as object,
};

/** Titles and a description that keep every hard limit of the platform. */
export interface WrittenMetadata {
  titles: string[];
  description: string;
}

/**
 * Reads the model's answer: well-formed JSON of the schema, titles trimmed, duplicates and any
 * title that breaks the platform's hard limits dropped; null (malformed) unless at least three
 * titles and a description within the limits remain. Nothing the model says is trusted.
 */
export function readAnswer(content: string): WrittenMetadata | null {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return null;
  }
  const parsed = modelAnswer.safeParse(json);
  if (!parsed.success) return null;
  const seen = new Set<string>();
  const titles: string[] = [];
  for (const raw of parsed.data.titles) {
    // The text rule applies after parsing: JSON escapes (\u0000, a lone \ud800) only become
    // characters then, and PostgreSQL cannot store them.
    const title = toSafeText(raw).replace(/\s+/g, ' ').trim();
    const key = title.toLowerCase();
    if (!title || seen.has(key)) continue;
    if (hardLimitErrors({ title, description: '', tags: [] }).length) continue;
    seen.add(key);
    titles.push(title);
  }
  const description = toSafeText(parsed.data.description).replace(/\r\n?/g, '\n').trim();
  if (titles.length < AI_TITLES_MIN || !description) return null;
  if (hardLimitErrors({ title: titles[0]!, description, tags: [] }).length) return null;
  return { titles: titles.slice(0, AI_TITLES_MAX), description };
}
