/** The one interface between the product and the AI model that writes video metadata. */

/** The conversation sent to the model: our instructions, then the data as one user message. */
export interface WriterPrompt {
  system: string;
  user: string;
}

/** The model's raw answer and what it cost. */
export interface WriterAnswer {
  /** The message content (a JSON text when the model honoured the response format). */
  content: string;
  /** The model that answered, as the endpoint names it. */
  model: string;
  promptTokens: number;
  completionTokens: number;
}

/**
 * Why a call failed: `unavailable` may pass on a retry (network, timeout, 429, 5xx);
 * `misconfigured` will not (bad key, unknown model, a request the endpoint refuses).
 */
export type WriterFailure = 'unavailable' | 'misconfigured';

/** A failed model call, with no prompt or answer in its message (logs must never hold them). */
export class WriterError extends Error {
  readonly kind: WriterFailure;
  readonly status: number | null;
  constructor(kind: WriterFailure, message: string, status: number | null = null) {
    super(message);
    this.name = 'WriterError';
    this.kind = kind;
    this.status = status;
  }
}

/** Writes titles and a description: an OpenAI-compatible endpoint, or a test double. */
export interface MetadataWriter {
  /** The model asked (shown with the results). */
  readonly model: string;
  /** Asks the model once, with the answer's JSON schema; throws WriterError. */
  write(prompt: WriterPrompt, schema: { name: string; schema: object }): Promise<WriterAnswer>;
}
