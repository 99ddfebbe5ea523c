import OpenAI from 'openai';
import {
  WriterError,
  type MetadataWriter,
  type WriterAnswer,
  type WriterPrompt,
} from './metadata-writer.ts';

/** How long one model call may take before it counts as unavailable (RUN_LEASE_MS allows two). */
const CALL_TIMEOUT_MS = 60_000;

/**
 * `MetadataWriter` over any OpenAI-compatible chat-completions endpoint (OpenAI, Azure, Ollama,
 * vLLM, or the built-in emulator) through the official `openai` client, with structured output
 * (a strict JSON schema), at the model's default temperature (reasoning models refuse others).
 * The job retries; the client does not.
 */
export class OpenAiWriter implements MetadataWriter {
  readonly model: string;
  private readonly client: OpenAI;

  constructor(options: { baseUrl: string; apiKey: string; model: string; timeoutMs?: number }) {
    this.model = options.model;
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      apiKey: options.apiKey,
      // The job retries (with backoff); a client retry inside a call would outlast the lease.
      maxRetries: 0,
      timeout: options.timeoutMs ?? CALL_TIMEOUT_MS,
    });
  }

  async write(
    prompt: WriterPrompt,
    schema: { name: string; schema: object },
  ): Promise<WriterAnswer> {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create({
        model: this.model,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: schema.name,
            strict: true,
            schema: schema.schema as Record<string, unknown>,
          },
        },
      });
    } catch (error) {
      throw toWriterError(error);
    }
    const choice = completion.choices[0];
    const content = choice?.message.content ?? '';
    return {
      content: choice?.message.refusal ? '' : content,
      model: completion.model || this.model,
      promptTokens: completion.usage?.prompt_tokens ?? 0,
      completionTokens: completion.usage?.completion_tokens ?? 0,
    };
  }
}

/** Maps the client's errors to WriterError, keeping only the status (never bodies). */
function toWriterError(error: unknown): WriterError {
  if (error instanceof OpenAI.APIConnectionError) {
    return new WriterError('unavailable', 'The AI model could not be reached');
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status ?? null;
    if (status === null || status === 408 || status === 409 || status === 429 || status >= 500) {
      return new WriterError('unavailable', `The AI model answered ${status ?? 'nothing'}`, status);
    }
    return new WriterError('misconfigured', `The AI model refused the call (${status})`, status);
  }
  return new WriterError('unavailable', 'The AI model call failed');
}
