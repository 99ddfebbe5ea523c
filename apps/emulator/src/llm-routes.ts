// An OpenAI-compatible chat-completions API under {prefix}/v1 (what the official `openai` client
// calls with baseURL = <emulator>/v1): GET /models, GET /models/{id}, POST /chat/completions,
// in OpenAI's wire format and errors. Its one model is the deterministic writer of
// llm-generator.ts; the switches add latency (method chat.completions.create), seeded 5xx answers
// and queued failures (chat-failures), and count the calls like every other method.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { extractVideoData, writeMetadata, type GeneratedMetadata } from './llm-generator.ts';
import { createRandom } from './prng.ts';
import type { EmulatorState } from './state.ts';
import type { ChatFailureKind } from './switches.ts';

/** The id of the emulator's model: deterministic, written by code, not by a language model. */
export const LLM_MODEL_ID = 'tubewise-emulator-deterministic-1';
/** The switches' method names of the chat-completions API (latency, call counts). */
export const CHAT_COMPLETIONS_METHOD = 'chat.completions.create';
export const MODELS_METHOD = 'models.list';

/** When the model was "created" (models.list): fixed, so answers do not move. */
const MODEL_CREATED = 1_767_225_600;
const SYSTEM_FINGERPRINT = 'fp_tubewise_emulator_1';
/** Chat completions accept large prompts (OpenAI's limit is far above Fastify's default 1 MiB). */
const CHAT_BODY_LIMIT = 16 * 1024 * 1024;

/** An OpenAI error: the HTTP status and `{ error: { message, type, param, code } }`. */
export interface OpenAiError {
  status: number;
  body: { error: { message: string; type: string; param: string | null; code: string | null } };
  headers?: Record<string, string>;
}

const openAiError = (
  status: number,
  message: string,
  type: string,
  param: string | null = null,
  code: string | null = null,
  headers?: Record<string, string>,
): OpenAiError => ({
  status,
  body: { error: { message, type, param, code } },
  ...(headers ? { headers } : {}),
});

const MISSING_KEY =
  "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username. You can obtain an API key from https://platform.openai.com/account/api-keys.";
const BAD_JSON =
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)";

const missingKey = () => openAiError(401, MISSING_KEY, 'invalid_request_error');
const badJson = () => openAiError(400, BAD_JSON, 'invalid_request_error');
const invalid = (message: string, param: string | null, code: string | null) =>
  openAiError(400, message, 'invalid_request_error', param, code);
const modelNotFound = (model: string) =>
  openAiError(
    404,
    `The model \`${model}\` does not exist or you do not have access to it.`,
    'invalid_request_error',
    null,
    'model_not_found',
  );
const serverError = () =>
  openAiError(
    500,
    'The server had an error while processing your request. Sorry about that!',
    'server_error',
  );
const overloaded = () =>
  openAiError(503, 'The engine is currently overloaded, please try again later.', 'server_error');
const rateLimited = () =>
  openAiError(
    429,
    `Rate limit reached for ${LLM_MODEL_ID} on requests per min (RPM): Limit 60, Used 60, Requested 1. Please try again in 1s.`,
    'requests',
    null,
    'rate_limit_exceeded',
    { 'retry-after': '1', 'retry-after-ms': '200' },
  );

function sendError(reply: FastifyReply, error: OpenAiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
  return reply.code(error.status).type('application/json').send(error.body);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const typeName = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** A chat message's text: a string, or the text parts of an array of parts. */
function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .join('\n');
}

/** A request after validation. */
interface ChatRequest {
  model: string;
  messages: { role: string; text: string }[];
  format: { type: 'text' } | { type: 'json_object' } | { type: 'json_schema'; schema: unknown };
  maxTokens: number | null;
  n: number;
  stream: boolean;
  includeUsage: boolean;
}

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function'];

/** Validates a chat-completions body the way OpenAI answers it (400 invalid_request_error). */
function parseChatRequest(body: unknown): ChatRequest | OpenAiError {
  if (!isRecord(body)) return badJson();
  if (body.model === undefined) return invalid('you must provide a model parameter', null, null);
  if (typeof body.model !== 'string')
    return invalid(
      `Invalid type for 'model': expected a string, but got ${typeName(body.model)} instead.`,
      'model',
      'invalid_type',
    );
  const messages = body.messages;
  if (messages === undefined)
    return invalid(
      "Missing required parameter: 'messages'.",
      'messages',
      'missing_required_parameter',
    );
  if (!Array.isArray(messages))
    return invalid(
      `Invalid type for 'messages': expected an array of objects, but got ${typeName(messages)} instead.`,
      'messages',
      'invalid_type',
    );
  if (messages.length === 0)
    return invalid(
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      'messages',
      'empty_array',
    );
  const parsed: ChatRequest['messages'] = [];
  for (const [i, message] of messages.entries()) {
    if (!isRecord(message))
      return invalid(
        `Invalid type for 'messages[${i}]': expected an object, but got ${typeName(message)} instead.`,
        `messages[${i}]`,
        'invalid_type',
      );
    if (typeof message.role !== 'string' || !ROLES.includes(message.role))
      return invalid(
        `Invalid value: '${String(message.role)}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
        `messages[${i}].role`,
        'invalid_value',
      );
    const content = message.content;
    const okContent =
      typeof content === 'string' ||
      Array.isArray(content) ||
      (content === null && message.role === 'assistant');
    if (!okContent)
      return invalid(
        `Invalid type for 'messages[${i}].content': expected one of a string or array of objects, but got ${typeName(content)} instead.`,
        `messages[${i}].content`,
        'invalid_type',
      );
    parsed.push({ role: message.role, text: messageText(content) });
  }
  const temperature = body.temperature;
  if (temperature !== undefined && temperature !== null) {
    if (typeof temperature !== 'number' || temperature < 0 || temperature > 2)
      return invalid(
        `Invalid 'temperature': expected a number from 0 to 2, but got ${JSON.stringify(temperature)} instead.`,
        'temperature',
        'invalid_value',
      );
  }
  let maxTokens: number | null = null;
  for (const name of ['max_completion_tokens', 'max_tokens'] as const) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
      return invalid(
        `Invalid '${name}': expected an integer of at least 1, but got ${JSON.stringify(value)} instead.`,
        name,
        'invalid_value',
      );
    maxTokens = value;
  }
  const n = body.n ?? 1;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 128)
    return invalid(
      `Invalid 'n': expected an integer from 1 to 128, but got ${JSON.stringify(n)} instead.`,
      'n',
      'invalid_value',
    );
  let format: ChatRequest['format'] = { type: 'text' };
  const responseFormat = body.response_format;
  if (responseFormat !== undefined && responseFormat !== null) {
    if (!isRecord(responseFormat) || typeof responseFormat.type !== 'string')
      return invalid(
        "Missing required parameter: 'response_format.type'.",
        'response_format.type',
        'missing_required_parameter',
      );
    if (responseFormat.type === 'json_schema') {
      const spec = responseFormat.json_schema;
      if (!isRecord(spec))
        return invalid(
          "Missing required parameter: 'response_format.json_schema'.",
          'response_format.json_schema',
          'missing_required_parameter',
        );
      if (typeof spec.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(spec.name))
        return invalid(
          "Invalid 'response_format.json_schema.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
          'response_format.json_schema.name',
          'invalid_value',
        );
      if (spec.schema !== undefined && !isRecord(spec.schema))
        return invalid(
          `Invalid type for 'response_format.json_schema.schema': expected an object, but got ${typeName(spec.schema)} instead.`,
          'response_format.json_schema.schema',
          'invalid_type',
        );
      format = { type: 'json_schema', schema: spec.schema ?? {} };
    } else if (responseFormat.type === 'json_object') format = { type: 'json_object' };
    else if (responseFormat.type !== 'text')
      return invalid(
        `Invalid value: '${responseFormat.type}'. Supported values are: 'json_object', 'json_schema', and 'text'.`,
        'response_format.type',
        'invalid_value',
      );
  }
  const streamOptions = isRecord(body.stream_options) ? body.stream_options : {};
  return {
    model: body.model,
    messages: parsed,
    format,
    maxTokens,
    n,
    stream: body.stream === true,
    includeUsage: streamOptions.include_usage === true,
  };
}

/** A deterministic estimate of tokens: a quarter of the characters, rounded up. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/** Whether a JSON schema asks for the metadata answer (titles and a description). */
function isMetadataSchema(schema: unknown): boolean {
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  return 'titles' in properties && 'description' in properties;
}

/** A value of any other JSON schema: its required shape, filled from the metadata's text. */
function fillSchema(schema: unknown, metadata: GeneratedMetadata, depth = 0): unknown {
  if (!isRecord(schema) || depth > 8) return null;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants) && variants.length > 0)
    return fillSchema(variants[0], metadata, depth + 1);
  const type = Array.isArray(schema.type)
    ? (schema.type.find((t) => t !== 'null') ?? 'null')
    : schema.type;
  switch (type) {
    case 'object': {
      const properties = isRecord(schema.properties) ? schema.properties : {};
      return Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [
          key,
          fillSchema(value, metadata, depth + 1),
        ]),
      );
    }
    case 'array': {
      const count = typeof schema.minItems === 'number' ? Math.max(1, schema.minItems) : 1;
      return Array.from({ length: count }, () => fillSchema(schema.items, metadata, depth + 1));
    }
    case 'string':
      return metadata.titles[0] ?? '';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/** The answer to a request: the content (or a refusal) and why it stopped. */
interface Completion {
  content: string | null;
  refusal: string | null;
  finishReason: 'stop' | 'length';
  completionTokens: number;
}

const NO_DATA_REPLY = `This is ${LLM_MODEL_ID}, the Tubewise emulator's deterministic model. It writes YouTube titles and descriptions from a <video_data> block of JSON in the user message, and found none in this conversation.`;

/** What the model answers: the writer's metadata in the requested format. */
function complete(request: ChatRequest, failure: ChatFailureKind | undefined): Completion {
  const userText = request.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.text)
    .join('\n');
  const block = extractVideoData(userText);
  const metadata = block ? writeMetadata(block.data, block.raw) : writeMetadata(null, userText);
  let content: string;
  if (request.format.type === 'json_schema' && !isMetadataSchema(request.format.schema)) {
    content = JSON.stringify(fillSchema(request.format.schema, metadata));
  } else if (request.format.type !== 'text') {
    content = JSON.stringify(metadata);
  } else if (block) {
    content = [
      'Titles:',
      ...metadata.titles.map((t, i) => `${i + 1}. ${t}`),
      '',
      'Description:',
      metadata.description,
    ].join('\n');
  } else {
    content = NO_DATA_REPLY;
  }
  if (failure === 'refusal') {
    const refusal = "I'm sorry, but I can't help with that request.";
    return {
      content: null,
      refusal,
      finishReason: 'stop',
      completionTokens: estimateTokens(refusal),
    };
  }
  if (failure === 'malformed-json') content = content.slice(0, Math.ceil(content.length / 2));
  if (failure === 'schema-mismatch')
    content = JSON.stringify({ headline: metadata.titles[0] ?? '', body: metadata.description });
  const tokens = estimateTokens(content);
  if (request.maxTokens !== null && tokens > request.maxTokens) {
    return {
      content: content.slice(0, request.maxTokens * 4),
      refusal: null,
      finishReason: 'length',
      completionTokens: request.maxTokens,
    };
  }
  return { content, refusal: null, finishReason: 'stop', completionTokens: tokens };
}

/** The emulator's failure injection (Google-style errors) as OpenAI errors of the same status. */
function openAiFailureOf(status: number): OpenAiError {
  return status === 503 ? overloaded() : serverError();
}

/** Registers the OpenAI-compatible routes on an encapsulated instance (prefix /v1). */
export function registerLlmRoutes(app: FastifyInstance, state: EmulatorState): void {
  const ids = createRandom(state.options.seed, 'chat-completion-ids');
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const nextId = () => ids.chars(29, alphabet);

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendError(reply, openAiError(413, 'Request body too large.', 'invalid_request_error'));
    if (error.statusCode === 400 || error.code?.startsWith('FST_ERR_CTP'))
      return sendError(reply, badJson());
    app.log.error(error);
    return sendError(reply, serverError());
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      openAiError(
        404,
        `Invalid URL (${request.method} ${request.url.replace(/\?.*$/, '')})`,
        'invalid_request_error',
      ),
    ),
  );

  /** The bearer key, any non-empty one (the emulator checks presence, not the key itself). */
  const authorized = (request: FastifyRequest) =>
    /^Bearer\s+\S+/i.test(request.headers.authorization ?? '');

  const model = {
    id: LLM_MODEL_ID,
    object: 'model',
    created: MODEL_CREATED,
    owned_by: 'tubewise',
  };

  app.get('/models', async (request, reply) => {
    state.switches.noteStarted(MODELS_METHOD);
    await state.switches.delay(MODELS_METHOD);
    if (!authorized(request)) return sendError(reply, missingKey());
    state.switches.noteApplied(MODELS_METHOD);
    return reply.send({ object: 'list', data: [model] });
  });

  app.get('/models/:model', async (request, reply) => {
    if (!authorized(request)) return sendError(reply, missingKey());
    const id = (request.params as { model: string }).model;
    return id === LLM_MODEL_ID ? reply.send(model) : sendError(reply, modelNotFound(id));
  });

  app.post('/chat/completions', { bodyLimit: CHAT_BODY_LIMIT }, async (request, reply) => {
    const { switches } = state;
    const method = CHAT_COMPLETIONS_METHOD;
    switches.noteStarted(method);
    await switches.delay(method);
    if (!authorized(request)) return sendError(reply, missingKey());
    let body: unknown = request.body;
    if (Buffer.isBuffer(body)) {
      try {
        body = JSON.parse(body.toString('utf8'));
      } catch {
        return sendError(reply, badJson());
      }
    }
    const parsed = parseChatRequest(body);
    if ('status' in parsed) return sendError(reply, parsed);
    if (parsed.model !== LLM_MODEL_ID) return sendError(reply, modelNotFound(parsed.model));
    const random = switches.drawFailure();
    if (random) return sendError(reply, openAiFailureOf(random.status));
    const failure = switches.takeChatFailure();
    if (failure === 'http-500') return sendError(reply, serverError());
    if (failure === 'http-503') return sendError(reply, overloaded());
    if (failure === 'http-429') return sendError(reply, rateLimited());

    const started = performance.now();
    const completion = complete(parsed, failure);
    const promptTokens = estimateTokens(parsed.messages.map((m) => m.text).join(''));
    const id = `chatcmpl-${nextId()}`;
    const created = Math.floor(state.options.now() / 1000);
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completion.completionTokens * parsed.n,
      total_tokens: promptTokens + completion.completionTokens * parsed.n,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    };
    switches.noteApplied(method);
    await switches.delayAnswer(method);
    reply
      .header('x-request-id', `req_${nextId().toLowerCase()}`)
      .header('openai-version', '2020-10-01')
      .header('openai-processing-ms', String(Math.round(performance.now() - started)));
    const head = { id, created, model: LLM_MODEL_ID, system_fingerprint: SYSTEM_FINGERPRINT };
    if (parsed.stream) {
      const chunk = (choices: unknown[], extra: object = {}) =>
        `data: ${JSON.stringify({ ...head, object: 'chat.completion.chunk', service_tier: 'default', choices, ...extra })}\n\n`;
      const indexes = Array.from({ length: parsed.n }, (_, index) => index);
      const events = [
        chunk(
          indexes.map((index) => ({
            index,
            delta: { role: 'assistant', content: '', refusal: null },
            logprobs: null,
            finish_reason: null,
          })),
        ),
        chunk(
          indexes.map((index) => ({
            index,
            delta:
              completion.refusal !== null
                ? { refusal: completion.refusal }
                : { content: completion.content },
            logprobs: null,
            finish_reason: null,
          })),
        ),
        chunk(
          indexes.map((index) => ({
            index,
            delta: {},
            logprobs: null,
            finish_reason: completion.finishReason,
          })),
        ),
        ...(parsed.includeUsage ? [chunk([], { usage })] : []),
        'data: [DONE]\n\n',
      ];
      return reply
        .code(200)
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(events.join(''));
    }
    return reply
      .code(200)
      .type('application/json')
      .send({
        ...head,
        object: 'chat.completion',
        choices: Array.from({ length: parsed.n }, (_, index) => ({
          index,
          message: {
            role: 'assistant',
            content: completion.content,
            refusal: completion.refusal,
            annotations: [],
          },
          logprobs: null,
          finish_reason: completion.finishReason,
        })),
        usage,
        service_tier: 'default',
      });
  });
}
