import {
  WriterError,
  type MetadataWriter,
  type WriterAnswer,
} from '../modules/ai-metadata/index.ts';
import type { WriterPrompt } from '../modules/ai-metadata/metadata-writer.ts';

/** One scripted model answer: content to return, or a failure to throw. */
export type ScriptedAnswer = string | WriterError;

/**
 * A scripted AI model for service tests: answers from a queue (then `fallback`), records every
 * prompt it was sent, and can be held until released (to watch the pending state).
 */
export class FakeWriter implements MetadataWriter {
  readonly model = 'fake-model-1';
  readonly prompts: WriterPrompt[] = [];
  readonly script: ScriptedAnswer[] = [];
  fallback: ScriptedAnswer = JSON.stringify(goodAnswer('camp cooking'));
  private gate: Promise<void> | null = null;
  private open: (() => void) | null = null;

  /** Holds every call until `release()`. */
  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open?.();
    this.gate = null;
  }

  async write(prompt: WriterPrompt): Promise<WriterAnswer> {
    this.prompts.push(prompt);
    if (this.gate) await this.gate;
    const next = this.script.length ? this.script.shift()! : this.fallback;
    if (next instanceof WriterError) throw next;
    return { content: next, model: this.model, promptTokens: 1200, completionTokens: 400 };
  }
}

/** A well-formed answer for a term: four titles within the limits and a description. */
export function goodAnswer(term: string): { titles: string[]; description: string } {
  const words = Array.from({ length: 260 }, (_, i) => `word${i % 40}`).join(' ');
  return {
    titles: [
      `${term}: the complete guide for beginners`,
      `${term} made simple, step by step`,
      `${term} mistakes everyone makes (and fixes)`,
      `${term} in ten minutes: what really matters`,
    ],
    description: `${term} explained. ${words}. More about ${term}. #${term.replace(/\s+/g, '')}`,
  };
}

export { WriterError };
