// The OpenAI-compatible API under /emulator/v1, through the official `openai` client (what the
// product uses) and raw HTTP: the model list, structured output with the product's schema,
// plain text and streaming, OpenAI's error bodies, and the switches (queued failures, latency,
// seeded 5xx, call counts).
import Fastify, { type FastifyInstance } from 'fastify';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEmulator, type Emulator } from './emulator.ts';
import { DEFAULT_GUIDELINES, writeMetadataForPrompt } from './llm-generator.ts';
import { CHAT_COMPLETIONS_METHOD, LLM_MODEL_ID, MODELS_METHOD } from './llm-routes.ts';

/** The answer schema as the product builds it (a strict object, draft-7 JSON schema). */
const modelAnswer = z.strictObject({
  titles: z.array(z.string()).min(3).max(5),
  description: z.string(),
});
const SCHEMA = z.toJSONSchema(modelAnswer, { target: 'draft-7' }) as Record<string, unknown>;

const SYSTEM = 'You write YouTube titles and descriptions. Answer with JSON of the given schema.';

function userMessage(payload: object): string {
  const json = JSON.stringify(payload, null, 1)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
  return `Write titles and a description for the video described here.\n<video_data>\n${json}\n</video_data>`;
}

const USER = userMessage({
  searchTerm: 'dutch oven lasagna',
  language: 'en',
  video: {
    title: 'Dutch Oven Lasagna at Camp',
    description: 'Layers of pasta, sauce and cheese, baked over coals. Ready in about an hour.',
    tags: ['dutch oven lasagna', 'camp cooking'],
    durationSeconds: 720,
  },
  captions:
    '[00:00:00] Welcome back.\n[00:01:00] Next up: the sauce.\n[00:04:00] Next up: layering.\n[00:08:00] Next up: baking over coals.',
  relatedKeywords: [{ keyword: 'camp lasagna', volume: 1300 }],
  rankingVideos: [{ title: 'Lasagna outdoors', tags: ['outdoor cooking'] }],
  channel: {
    companyName: 'Trailside Kitchen',
    eeatStatement: 'We cook outdoors every week.',
    toneOfVoice: 'friendly',
    industries: [],
    topics: ['camp recipes'],
  },
  guidelines: DEFAULT_GUIDELINES,
});

/** The `error` object of an OpenAI error answer. */
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: Record<string, unknown> }).error;

describe('OpenAI-compatible chat completions', () => {
  let app: FastifyInstance;
  let emulator: Emulator;
  let base: string;
  let client: OpenAI;

  const request = (body: object) =>
    client.chat.completions.create({
      model: LLM_MODEL_ID,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: USER },
      ],
      ...body,
    });
  const control = (path: string, body: object) =>
    app.inject({ method: 'POST', url: `/emulator/_emulator/${path}`, payload: body });
  const calls = () => emulator.control.state().switches.calls[CHAT_COMPLETIONS_METHOD];

  beforeAll(async () => {
    emulator = createEmulator({ otherChannels: 1 });
    app = Fastify();
    await app.register(emulator.plugin, { prefix: '/emulator' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/emulator/v1`;
    client = new OpenAI({ baseURL: base, apiKey: 'any-key', maxRetries: 0 });
  });

  afterAll(async () => {
    await app.close();
  });

  beforeEach(() => emulator.control.reset());

  it('lists its one model', async () => {
    const models = await client.models.list();
    expect(models.data).toEqual([
      { id: LLM_MODEL_ID, object: 'model', created: 1_767_225_600, owned_by: 'tubewise' },
    ]);
    const raw = await fetch(`${base}/models`, { headers: { authorization: 'Bearer k' } });
    expect(await raw.json()).toEqual({ object: 'list', data: models.data });
    expect((await client.models.retrieve(LLM_MODEL_ID)).id).toBe(LLM_MODEL_ID);
    expect(emulator.control.state().switches.calls[MODELS_METHOD]).toEqual({
      started: 2,
      applied: 2,
    });
  });

  it('answers the product request with JSON of its schema, the same for the same prompt', async () => {
    const completion = await request({
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'video_metadata', strict: true, schema: SCHEMA },
      },
      temperature: 0.7,
    });
    expect(completion).toMatchObject({
      object: 'chat.completion',
      model: LLM_MODEL_ID,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', refusal: null },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
    });
    expect(completion.id).toMatch(/^chatcmpl-[A-Za-z0-9]{29}$/);
    expect(completion._request_id).toMatch(/^req_/);
    const content = completion.choices[0]!.message.content!;
    const answer = modelAnswer.parse(JSON.parse(content));
    expect(answer).toEqual(writeMetadataForPrompt(USER));
    expect(answer.description).toContain('0:00 Intro\n1:00 The sauce\n4:00 Layering');
    expect(completion.usage).toMatchObject({
      prompt_tokens: Math.ceil((SYSTEM + USER).length / 4),
      completion_tokens: Math.ceil(content.length / 4),
      total_tokens: Math.ceil((SYSTEM + USER).length / 4) + Math.ceil(content.length / 4),
    });
    const again = await request({
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'video_metadata', strict: true, schema: SCHEMA },
      },
    });
    expect(again.choices[0]!.message.content).toBe(content);
    expect(again.id).not.toBe(completion.id);
    expect(calls()).toEqual({ started: 2, applied: 2 });
  });

  it("works with the client's structured-output helper (parse)", async () => {
    const completion = await client.chat.completions.parse({
      model: LLM_MODEL_ID,
      messages: [{ role: 'user', content: USER }],
      response_format: zodResponseFormat(modelAnswer, 'video_metadata'),
    });
    expect(completion.choices[0]!.message.parsed?.titles.length).toBeGreaterThanOrEqual(3);
  });

  it('answers plain text, json_object, other schemas, streams and stops at max tokens', async () => {
    const text = await request({});
    expect(text.choices[0]!.message.content).toMatch(/^Titles:\n1\. /);
    const object = await request({ response_format: { type: 'json_object' } });
    expect(Object.keys(JSON.parse(object.choices[0]!.message.content!))).toEqual([
      'titles',
      'description',
    ]);
    const other = await request({
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'other',
          schema: {
            type: 'object',
            properties: {
              score: { type: 'integer', minimum: 1 },
              labels: { type: 'array', items: { type: 'string' }, minItems: 2 },
              mood: { enum: ['calm', 'loud'] },
            },
            required: ['score', 'labels', 'mood'],
            additionalProperties: false,
          },
        },
      },
    });
    const filled = JSON.parse(other.choices[0]!.message.content!);
    expect(filled).toMatchObject({ score: 1, mood: 'calm' });
    expect(filled.labels).toHaveLength(2);

    const stream = await client.chat.completions.create({
      model: LLM_MODEL_ID,
      messages: [{ role: 'user', content: USER }],
      response_format: { type: 'json_object' },
      stream: true,
      stream_options: { include_usage: true },
    });
    let streamed = '';
    let usage: OpenAI.CompletionUsage | undefined;
    let finish: string | null = null;
    for await (const chunk of stream) {
      streamed += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect(streamed).toBe(JSON.stringify(writeMetadataForPrompt(USER)));
    expect(finish).toBe('stop');
    expect(usage?.completion_tokens).toBe(Math.ceil(streamed.length / 4));

    const short = await request({ max_completion_tokens: 10 });
    expect(short.choices[0]!.finish_reason).toBe('length');
    expect(short.choices[0]!.message.content).toHaveLength(40);
    expect(short.usage?.completion_tokens).toBe(10);

    const noData = await client.chat.completions.create({
      model: LLM_MODEL_ID,
      messages: [{ role: 'user', content: 'Hello?' }],
    });
    expect(noData.choices[0]!.message.content).toContain(LLM_MODEL_ID);
  });

  it("answers errors in OpenAI's format: no key, unknown model, bad bodies, unknown paths", async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer k', ...headers },
        body,
      });
    const noKey = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noKey.status).toBe(401);
    const noKeyBody: unknown = await noKey.json();
    expect(noKeyBody).toEqual({
      error: {
        message: expect.stringMatching(/^You didn't provide an API key\./),
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
    expect((await fetch(`${base}/models`)).status).toBe(401);

    const unknown = await client.chat.completions
      .create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
    expect(unknown).toMatchObject({
      status: 404,
      code: 'model_not_found',
      type: 'invalid_request_error',
    });

    const broken = await post('{"model": ');
    expect(broken.status).toBe(400);
    expect(await errorOf(broken)).toMatchObject({
      type: 'invalid_request_error',
      param: null,
      code: null,
    });
    const noMessages = await post(JSON.stringify({ model: LLM_MODEL_ID }));
    expect(noMessages.status).toBe(400);
    expect(await errorOf(noMessages)).toEqual({
      message: "Missing required parameter: 'messages'.",
      type: 'invalid_request_error',
      param: 'messages',
      code: 'missing_required_parameter',
    });
    const badRole = await post(
      JSON.stringify({ model: LLM_MODEL_ID, messages: [{ role: 'robot', content: 'x' }] }),
    );
    expect((await errorOf(badRole)).param).toBe('messages[0].role');
    const badTemperature = await post(
      JSON.stringify({
        model: LLM_MODEL_ID,
        messages: [{ role: 'user', content: 'x' }],
        temperature: 3,
      }),
    );
    expect(badTemperature.status).toBe(400);
    const badSchema = await post(
      JSON.stringify({
        model: LLM_MODEL_ID,
        messages: [{ role: 'user', content: 'x' }],
        response_format: { type: 'json_schema', json_schema: { name: 'has spaces' } },
      }),
    );
    expect((await errorOf(badSchema)).param).toBe('response_format.json_schema.name');
    const path = await fetch(`${base}/completions/nope`, {
      headers: { authorization: 'Bearer k' },
    });
    expect(path.status).toBe(404);
    expect((await errorOf(path)).message).toBe('Invalid URL (GET /emulator/v1/completions/nope)');
  });

  it('answers queued failures: 5xx and 429 (the client retries), malformed JSON, another shape, a refusal', async () => {
    const queued = await control('chat-failures', { kind: 'http-503', count: 2 });
    expect(queued.statusCode).toBe(200);
    expect(queued.json().chatFailures).toEqual(['http-503', 'http-503']);
    const failed = await request({}).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(OpenAI.InternalServerError);
    expect(failed).toMatchObject({ status: 503, type: 'server_error' });
    // The client's own retry gets the second failure, then a good answer.
    const retrying = new OpenAI({ baseURL: base, apiKey: 'k', maxRetries: 1 });
    const recovered = await retrying.chat.completions.create({
      model: LLM_MODEL_ID,
      messages: [{ role: 'user', content: USER }],
    });
    expect(recovered.choices[0]!.message.content).toMatch(/^Titles:/);
    expect(calls()).toEqual({ started: 3, applied: 1 });
    await control('chat-failures', { kind: 'http-500' });
    expect(await request({}).catch((e: unknown) => e)).toMatchObject({ status: 500 });

    await control('chat-failures', { kind: 'http-429' });
    const limited = await request({}).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect(limited).toMatchObject({ code: 'rate_limit_exceeded' });

    const jsonFormat = {
      response_format: {
        type: 'json_schema' as const,
        json_schema: { name: 'video_metadata', strict: true, schema: SCHEMA },
      },
    };
    await control('chat-failures', { kind: 'malformed-json', count: 1 });
    const malformed = await request(jsonFormat);
    expect(() => JSON.parse(malformed.choices[0]!.message.content!)).toThrow();
    await control('chat-failures', { kind: 'schema-mismatch' });
    const mismatch = await request(jsonFormat);
    expect(modelAnswer.safeParse(JSON.parse(mismatch.choices[0]!.message.content!)).success).toBe(
      false,
    );
    await control('chat-failures', { kind: 'refusal' });
    const refused = await request(jsonFormat);
    expect(refused.choices[0]!.message).toMatchObject({
      content: null,
      refusal: expect.any(String),
    });
    // The queue is used up: the next answer is good again.
    const good = await request(jsonFormat);
    expect(modelAnswer.safeParse(JSON.parse(good.choices[0]!.message.content!)).success).toBe(true);
    expect(emulator.control.state().switches.chatFailures).toEqual([]);
    expect((await control('chat-failures', { kind: 'nope' })).statusCode).toBe(400);
  });

  it('adds latency to chat completions only, and turns the seeded 5xx share into OpenAI errors', async () => {
    const set = await control('latency', { ms: 300, method: CHAT_COMPLETIONS_METHOD });
    expect(set.json().methodLatency).toEqual({
      [CHAT_COMPLETIONS_METHOD]: { ms: 300, phase: 'before' },
    });
    const started = performance.now();
    await request({});
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    const quick = performance.now();
    await client.models.list();
    expect(performance.now() - quick).toBeLessThan(250);
    await control('latency', { ms: 0, method: CHAT_COMPLETIONS_METHOD });

    await control('failures', { rate: 1, seed: 'x' });
    const failed = await request({}).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(OpenAI.APIError);
    expect((failed as InstanceType<typeof OpenAI.APIError>).status).toBeGreaterThanOrEqual(500);
    expect((failed as InstanceType<typeof OpenAI.APIError>).error).toMatchObject({
      type: 'server_error',
    });
  });
});
