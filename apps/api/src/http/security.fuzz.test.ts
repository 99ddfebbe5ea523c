/**
 * The fuzz suite: every string field of every registered route (body, query and path
 * parameters, nested objects, arrays, record keys and catch-all keys included, derived from
 * the route's own zod schemas) gets more than 30 hostile values — NUL and every other C0
 * control, DEL, C1, lone surrogates, BOM, bidi overrides, zero-width characters, 10,000-long
 * strings, emoji, SQL and HTML meta characters, and raw or broken percent-encodings in URLs —
 * signed in as the owner of a real, synced channel so every other field holds a real id and
 * the handlers are reached. Nothing may answer 5xx, every 4xx must be the error envelope, text
 * the contract's rule refuses must answer 400 naming the field, and nothing may be logged as an
 * error (a 202 that fails later in a batch would only show there).
 * A new route is fuzzed automatically; one whose fields need a specific sample value for the
 * rest of the request to be valid fails the "valid base" check until `samples.byName` has one.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import sharp from 'sharp';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { EMULATOR_KEYWORD_DATA_CREDENTIALS, type Emulator } from '@tubewise/emulator';
import { errorEnvelope, isSafeText } from '@tubewise/contract';
import { createTestApp, testBackends, TEST_PASSWORD, type TestApp } from '../testing/test-app.ts';
import {
  startEmulatorServer,
  testStripeGateway,
  withTestStripe,
  type EmulatorServer,
} from '../testing/emulator-server.ts';
import { DataForSeoAdapter } from '../modules/keywords/index.ts';
import { connectEmulatorChannel, syncChannel } from '../testing/connect-channel.ts';
import { GENEROUS_AUTH_LIMITS } from '../modules/rate-limit/index.ts';

const ACCOUNT = 'alex.creator@tubewise.test';
const OWNER_EMAIL = 'fuzz-owner@example.com';
const MEMBER_EMAIL = 'fuzz-member@example.com';

const c0 = Array.from({ length: 0x20 }, (_, i) => i).filter((c) => ![0x09, 0x0a, 0x0d].includes(c));

/** Text values every string field gets (body, query and path parameters alike). */
const HOSTILE: string[] = [
  '\u0000',
  ...c0.map((c) => `fuzz${String.fromCharCode(c)}text`),
  'fuzz\u007Fdel',
  'c1\u0080',
  'nel\u0085line',
  '\u009Fc1',
  '\uD800',
  'lone high at the end \uDBFF',
  '\uDC00 lone low',
  '\uDC00\uD800',
  '\uFEFFbom',
  'right-to-left \u202Eoverride',
  'zero\u200Bwidth\u200Djoiner',
  '\u2028line\u2029paragraph',
  'tab\tnewline\ncarriage\r\nreturn',
  'x'.repeat(10_000),
  '😀'.repeat(5_000),
  'camp 🏕️ cooking',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 astral',
  'e\u0301 combining',
  '料理 طبخ',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "%' AND 1=1 --",
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '%00',
  '../../etc/passwd',
  '   ',
  '',
  'null',
  '-1',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  '\uFFFF\uFFFE',
];
/** Raw (already percent-encoded) forms sent as they are in query and path parameters. */
const RAW_URL_FORMS = [
  '%00',
  '%C0%80',
  '%ED%A0%80',
  '%E0%A4%A',
  '%',
  '%zz',
  '%FF',
  '%u0000',
  '%F0%9F',
  '%0A%0D',
  '%7F',
  '%C2%85',
  '%EF%BB%BF',
];

/** Percent-encodes a string as WTF-8, so lone surrogates reach the server as such bytes. */
function percentEncode(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(value[i]!);
  }
  return out;
}

type Part = 'body' | 'querystring' | 'params';
type Key = string | number;
/** A place a hostile value goes: a value at `path`, or a new key of the object at `path`. */
interface Field {
  part: Part;
  path: Key[];
  asKey?: boolean;
}
/** A route as registered, with the schemas it validates. */
interface WalkedRoute {
  method: string;
  url: string;
  schemas: Partial<Record<Part, z.ZodType>>;
  contentTypes?: readonly string[];
}

interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
const isZod = (schema: unknown): schema is z.ZodType =>
  typeof schema === 'object' && schema !== null && '_zod' in schema;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly']);
const TEXT_LIKE = new Set(['string', 'enum', 'literal', 'unknown', 'any', 'template_literal']);

/** Every field of a schema a string can be sent in (URL parts: every leaf; on the wire all are text). */
function fieldsOf(schema: z.ZodType, part: Part, path: Key[] = [], out: Field[] = []): Field[] {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) || def.type === 'nonoptional')
    return fieldsOf(def.innerType!, part, path, out);
  if (def.type === 'pipe') return fieldsOf(def.in!, part, path, out);
  if (def.type === 'object') {
    for (const [key, inner] of Object.entries(def.shape!))
      fieldsOf(inner, part, [...path, key], out);
    if (def.catchall && defOf(def.catchall).type !== 'never') {
      out.push({ part, path, asKey: true });
      fieldsOf(def.catchall, part, [...path, 'fuzzExtra'], out);
    }
  } else if (def.type === 'record') {
    out.push({ part, path, asKey: true });
    fieldsOf(def.valueType!, part, [...path, 'fuzzKey'], out);
  } else if (def.type === 'array') {
    fieldsOf(def.element!, part, [...path, 0], out);
  } else if (def.type === 'union') {
    for (const option of def.options!) fieldsOf(option, part, path, out);
  } else if (TEXT_LIKE.has(def.type) || part !== 'body') {
    out.push({ part, path });
  }
  return out;
}

/** Real ids and well-formed values, by field name, so a request differs only in the fuzzed field. */
interface Samples {
  byName: Record<string, unknown>;
  /** Fields whose value depends on the route family (the same name means another thing). */
  byRoute(url: string): Record<string, unknown>;
  /** `:id` means a different thing per route family. */
  idFor(url: string): string;
}

/** A valid value for a schema (optional and defaulted fields left out, nullable ones null). */
function sampleOf(schema: z.ZodType, name: string, samples: Samples, url: string): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return undefined;
    case 'nullable':
      return null;
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sampleOf(def.innerType!, name, samples, url);
    case 'pipe':
      return sampleOf(def.in!, name, samples, url);
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(def.shape!)) {
        const value = sampleOf(inner, key, samples, url);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'array': {
      // A list with a least length (a test's 2–3 thumbnails) takes its whole sample by name.
      const given = samples.byRoute(url)[name] ?? samples.byName[name];
      return Array.isArray(given) ? given : [sampleOf(def.element!, name, samples, url)];
    }
    case 'record':
      return {};
    case 'union':
      return sampleOf(def.options![0]!, name, samples, url);
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'literal':
      return def.values![0];
    case 'boolean':
      return true;
    case 'number': {
      const min = (schema as unknown as { minValue?: number | null }).minValue;
      return typeof min === 'number' && Number.isFinite(min) ? min : 0;
    }
    case 'string':
      if (name === 'id') return samples.idFor(url);
      return samples.byRoute(url)[name] ?? samples.byName[name] ?? 'camp cooking';
    default:
      return undefined;
  }
}

/** A copy of `base` with `value` at the field (or as a new key of the object there). */
function withValue(base: unknown, field: Field, value: string): unknown {
  const root = structuredClone(base) as Record<Key, unknown>;
  let holder: Record<Key, unknown> = root;
  const keys = field.asKey ? field.path : field.path.slice(0, -1);
  for (const key of keys) {
    if (holder[key] === undefined || holder[key] === null)
      holder[key] = typeof key === 'number' ? [] : {};
    holder = holder[key] as Record<Key, unknown>;
  }
  if (field.asKey) holder[value] = 'fuzz';
  else holder[field.path.at(-1)!] = value;
  return root;
}

const label = (field: Field) =>
  `${field.part}.${field.path.join('.')}${field.asKey ? ' (a key)' : ''}`;

describe.each(testBackends())(
  'fuzz: hostile text in every string field of every route (%s)',
  (backend) => {
    let server: EmulatorServer;
    let emulator: Emulator;
    let t: TestApp;
    let cookie: string;
    let png: Buffer;
    let samples: Samples;
    const registered: RouteOptions[] = [];
    const errorLogs: string[] = [];

    beforeAll(async () => {
      server = await startEmulatorServer(withTestStripe({ otherChannels: 1 }));
      emulator = server.emulator;
      // Thumbnail URLs on this server, so a thumbnail test can keep a copy of the live image.
      (emulator.state.options as { publicUrl: string }).publicUrl = server.root;
      t = await createTestApp(backend, {
        platform: server.adapter,
        billingGateway: testStripeGateway(server),
        keywordData: new DataForSeoAdapter({
          baseUrl: server.root,
          ...EMULATOR_KEYWORD_DATA_CREDENTIALS,
          name: 'Tubewise emulator',
        }),
        env: { YOUTUBE_API_KEY: 'tubewise-emulator-key' },
        // Limits nothing reaches: every fuzzed request gets to its handler.
        authLimits: GENEROUS_AUTH_LIMITS,
        logger: pino({ level: 'error' }, { write: (line: string) => void errorLogs.push(line) }),
        onRoute: (route) => void registered.push(route),
      });
      // The owner of a real, synced channel.
      const record = emulator.control.addChannel({ videoCount: 12, owner: ACCOUNT });
      const userId = await t.createUser(OWNER_EMAIL, TEST_PASSWORD, {
        flags: 'weekly_video_ideas,competition_user,labs_user',
      });
      const channel = {
        id: await connectEmulatorChannel(t.services, emulator, {
          userId,
          youtubeChannelId: record.id,
          account: ACCOUNT,
        }),
      };
      await syncChannel(t.services, channel.id);
      cookie = await t.login(OWNER_EMAIL, TEST_PASSWORD);
      const videoId = emulator.state.corpus.uploads(record.id)[1]!;
      const ok = async (method: InjectOptions['method'], url: string, payload?: unknown) => {
        const res = await t.app.inject({
          method,
          url,
          headers: { cookie, 'content-type': 'application/json' },
          payload: JSON.stringify(payload ?? {}),
        });
        if (res.statusCode >= 300)
          throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
        return res.json();
      };
      const base = `/optimization/channels/${channel.id}`;
      png = await sharp({
        create: { width: 1280, height: 720, channels: 3, background: { r: 90, g: 20, b: 160 } },
      })
        .png()
        .toBuffer();
      const thumbnail = await t.app.inject({
        method: 'POST',
        url: `${base}/videos/${videoId}/thumbnail`,
        headers: { cookie, 'content-type': 'image/png' },
        payload: png,
      });
      // A running thumbnail test on another video, rotating two uploads of that video.
      const testVideoId = emulator.state.corpus.uploads(record.id)[2]!;
      const testThumbnailIds: string[] = [];
      for (let i = 0; i < 2; i++) {
        const variant = await t.app.inject({
          method: 'POST',
          url: `${base}/videos/${testVideoId}/thumbnail`,
          headers: { cookie, 'content-type': 'image/png' },
          payload: png,
        });
        testThumbnailIds.push(variant.json().thumbnailId as string);
      }
      const thumbnailTest = await ok('POST', `/api/labs/channels/${channel.id}/thumbnail-tests`, {
        videoId: testVideoId,
        thumbnailIds: testThumbnailIds,
        durationDays: 14,
        metric: 'viewsPerDay',
      });
      const template = await ok('POST', `${base}/templates`, { title: 'Links', content: 'Hi' });
      const folder = await ok('POST', '/api/ideas/folders', {
        channelId: channel.id,
        name: 'Fuzz',
      });
      const idea = await ok('POST', '/api/ideas/saved', { channelId: channel.id, phrase: 'camp' });
      const keywords = await ok('POST', `${base}/videos/${videoId}/keywords`, { keyword: 'camp' });
      const tracked = await ok('POST', `/api/rankings/channels/${channel.id}/keywords`, {
        text: 'camp cooking',
      });
      await ok('POST', `/api/channels/${channel.id}/members`, { email: MEMBER_EMAIL });
      const published = await ok('POST', `${base}/videos/${videoId}/publish`, {
        title: 'Camp cooking, fuzzed',
        description: 'Before the fuzz.',
        tags: ['camp'],
        searchTerm: null,
        language: null,
        thumbnailId: null,
        fromDraft: false,
      });
      // A public onboarding awaiting its code, and a verified one's shared insights page.
      const onboardingSession = randomUUID();
      const onboardingId = (
        await ok('POST', '/api/public/onboarding/new', { sessionId: onboardingSession })
      ).id as string;
      const sharer = { email: 'fuzz-sharer@example.com', sessionId: randomUUID() };
      const sharedId = (await ok('POST', '/api/public/onboarding/new', sharer)).id as string;
      for (const [session, id, email] of [
        [onboardingSession, onboardingId, 'fuzz-visitor@example.com'],
        [sharer.sessionId, sharedId, sharer.email],
      ] as const) {
        await ok('PATCH', `/api/public/onboarding/${id}`, {
          sessionId: session,
          competitors: [{ youtubeId: record.id, title: 'Fuzz channel', thumbnailUrl: '' }],
          keywords: ['camp cooking'],
          email,
          tosAccepted: true,
        });
      }
      const mailed = (await t.services.mail.recent(50)).find((m) => m.to === sharer.email)!;
      const verified = await ok('POST', '/api/public/onboarding/validate-email-code', {
        ...sharer,
        code: /\b(\d{6})\b/.exec(mailed.text)![1],
      });
      const insightsId = verified.onboarding.insights.id as string;
      await t.services.onboarding.insights.settled();
      samples = {
        byName: {
          channelId: channel.id,
          channel_id: channel.id,
          user_id: userId,
          youtubeId: record.id,
          videoId,
          videosToCheck: videoId,
          templateId: template.id,
          publishId: published.publish.id,
          thumbnailId: thumbnail.json().thumbnailId,
          keywordId: keywords.items[0].id,
          ids: tracked.added[0].id,
          trackedKeywordId: tracked.added[0].id,
          text: 'dutch oven',
          folderId: folder.id,
          type: 'title-length',
          email: MEMBER_EMAIL,
          password: 'not-the-password',
          confirmation: 'DELETE',
          currentPassword: 'not-the-password',
          newPassword: 'another long passphrase',
          token: 'not-a-real-token-value',
          language: 'en-us',
          anonymousId: 'anon-1',
          event: 'fuzz.event',
          url: '/home',
          title: 'Camp cooking for beginners',
          content: '<p>Hook</p>',
          name: 'Fuzz folder two',
          code: 'not-a-real-code',
          state: 'not-a-real-state',
          sessionId: 'cs_test_fuzz',
          testId: thumbnailTest.id,
          thumbnailIds: testThumbnailIds,
          siteUrl: 'sc-domain:alex-rivera.test',
        },
        byRoute: (url) =>
          url.startsWith('/api/public/onboarding/')
            ? { sessionId: onboardingSession, code: '123456' }
            : url.startsWith('/api/labs/')
              ? { videoId: testVideoId }
              : {},
        idFor: (url) =>
          url.startsWith('/api/public/onboarding/')
            ? onboardingId
            : url.startsWith('/api/public/insights/')
              ? insightsId
              : url.startsWith('/api/ideas/folders/')
                ? folder.id
                : url.startsWith('/api/ideas/saved/')
                  ? idea.id
                  : url.startsWith('/dev/mailbox/')
                    ? '00000000-0000-4000-8000-000000000001'
                    : channel.id,
      };
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await server?.close();
    });

    /** Every route once (HEAD is GET's twin), with its zod schemas. */
    const walked = (): WalkedRoute[] =>
      registered.flatMap((route) => {
        const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
          (m) => m !== 'HEAD',
        );
        const schema = (route.schema ?? {}) as Record<string, unknown>;
        const schemas: WalkedRoute['schemas'] = {};
        if (isZod(schema.body)) schemas.body = schema.body;
        if (isZod(schema.querystring)) schemas.querystring = schema.querystring;
        if (isZod(schema.params)) schemas.params = schema.params;
        const config = (route.config ?? {}) as { contentTypes?: readonly string[] };
        return methods.map((method) => ({
          method,
          url: route.url,
          schemas,
          contentTypes: config.contentTypes,
        }));
      });

    /** Path parameters without a schema (e.g. a static wildcard) are fuzzed as text too. */
    const fieldsOfRoute = (route: WalkedRoute): Field[] => {
      const fields: Field[] = [];
      for (const part of ['params', 'querystring', 'body'] as const) {
        const schema = route.schemas[part];
        if (schema) fieldsOf(schema, part, [], fields);
      }
      if (!route.schemas.params) {
        for (const name of route.url.match(/:\w+|\*/g) ?? [])
          fields.push({ part: 'params', path: [name === '*' ? '*' : name.slice(1)] });
      }
      const seen = new Set<string>();
      return fields.filter((f) => !seen.has(label(f)) && seen.add(label(f)));
    };

    const baseOf = (route: WalkedRoute, part: Part): Record<string, unknown> => {
      const schema = route.schemas[part];
      if (schema) return sampleOf(schema, '', samples, route.url) as Record<string, unknown>;
      if (part !== 'params') return {};
      const params: Record<string, unknown> = {};
      for (const name of route.url.match(/:\w+|\*/g) ?? [])
        params[name === '*' ? '*' : name.slice(1)] =
          name === '*' ? 'index.html' : (samples.byName[name.slice(1)] ?? samples.idFor(route.url));
      return params;
    };

    /** The request of a route with one field replaced (`raw`: already percent-encoded). */
    const requestFor = (
      route: WalkedRoute,
      field: Field,
      value: string,
      raw = false,
    ): InjectOptions => {
      const encode = (v: unknown) => (raw ? String(v) : percentEncode(String(v)));
      const params = baseOf(route, 'params');
      const query = baseOf(route, 'querystring');
      const body = baseOf(route, 'body');
      const fuzzed = field.part === 'params' ? params : field.part === 'querystring' ? query : body;
      const changed = withValue(fuzzed, field, value) as Record<string, unknown>;
      const p = field.part === 'params' ? changed : params;
      const q = field.part === 'querystring' ? changed : query;
      const b = field.part === 'body' ? changed : body;
      const isFuzzed = (part: Part, key: string) => field.part === part && field.path[0] === key;
      const path = route.url.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
        const key = name ?? '*';
        return isFuzzed('params', key) ? encode(p[key]) : percentEncode(String(p[key]));
      });
      const search = Object.entries(q)
        .filter(([, v]) => v !== undefined)
        .map(
          ([k, v]) =>
            `${encodeURIComponent(k)}=${isFuzzed('querystring', k) ? encode(v) : percentEncode(String(v))}`,
        )
        .join('&');
      const upload = route.contentTypes?.includes('image/png');
      const writes = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
      return {
        method: route.method as InjectOptions['method'],
        url: search ? `${path}?${search}` : path,
        headers: {
          cookie,
          ...(writes ? { 'content-type': upload ? 'image/png' : 'application/json' } : {}),
        },
        ...(writes ? { payload: upload ? png : JSON.stringify(b) } : {}),
      };
    };

    it('has a valid base request for every route, from real ids (new routes need nothing else)', () => {
      const routes = walked();
      expect(routes.length).toBeGreaterThan(60);
      const invalid: string[] = [];
      for (const route of routes) {
        for (const part of ['params', 'querystring', 'body'] as const) {
          const schema = route.schemas[part];
          if (!schema) continue;
          const parsed = schema.safeParse(baseOf(route, part));
          if (!parsed.success)
            invalid.push(
              `${route.method} ${route.url} ${part}: ${parsed.error.message.slice(0, 200)}`,
            );
        }
      }
      expect(invalid, 'give the field a sample in samples.byName').toEqual([]);
    });

    it('answers no 5xx to 30+ hostile values in every string field; refused text is 400 naming the field', async () => {
      const failures: string[] = [];
      const sentPerField = new Map<string, number>();
      const check = (
        res: LightMyRequestResponse,
        opts: InjectOptions,
        field: Field,
        value: string,
      ) => {
        const what = `${opts.method} ${String(opts.url).slice(0, 120)} [${label(field)} = ${JSON.stringify(value.slice(0, 30))}]`;
        if (res.statusCode >= 500) {
          failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          return;
        }
        if (res.statusCode < 400) return;
        const parsed = errorEnvelope.safeParse(res.json());
        if (!parsed.success || parsed.data.error.requestId !== res.headers['x-request-id']) {
          failures.push(
            `${what}: ${res.statusCode} without the envelope: ${res.body.slice(0, 200)}`,
          );
          return;
        }
        if (/"stack"|\n\s+at |\.ts:\d+|node_modules/.test(res.body))
          failures.push(`${what}: stack trace in the body`);
      };
      for (const route of walked()) {
        for (const field of fieldsOfRoute(route)) {
          const key = `${route.method} ${route.url} ${label(field)}`;
          const inUrl = field.part !== 'body';
          for (const value of HOSTILE) {
            const opts = requestFor(route, field, value);
            const res = await t.app.inject(opts);
            sentPerField.set(key, (sentPerField.get(key) ?? 0) + 1);
            check(res, opts, field, value);
            // A URL cannot carry a lone surrogate: its WTF-8 bytes are a malformed URL in a path
            // (400) and decode to U+FFFD in a query, which is text like any other.
            const refused = inUrl ? !isSafeText(value.toWellFormed()) : !isSafeText(value);
            if (!refused || res.statusCode >= 500) continue;
            // Text the rule refuses never reaches a handler: 400 naming the field.
            if (res.statusCode !== 400) {
              failures.push(
                `${key} = ${JSON.stringify(value)}: expected 400, got ${res.statusCode}`,
              );
              continue;
            }
            const error = res.json().error as { code: string; issues?: { path: string }[] };
            if (error.code === 'validation-failed') {
              const expected = `${field.part}.${field.path.join('.')}`;
              if (
                !error.issues?.some((i) => i.path === expected || expected.startsWith(`${i.path}.`))
              )
                failures.push(`${key} = ${JSON.stringify(value)}: no issue names ${expected}`);
            }
          }
          if (!inUrl) continue;
          for (const raw of RAW_URL_FORMS) {
            const opts = requestFor(route, field, raw, true);
            check(await t.app.inject(opts), opts, field, raw);
            sentPerField.set(key, (sentPerField.get(key) ?? 0) + 1);
          }
        }
      }
      // FUZZ_DUMP=<file> keeps the whole list (the assertion shows the first 40).
      if (process.env.FUZZ_DUMP) {
        const total = [...sentPerField.values()].reduce((a, b) => a + b, 0);
        const summary = `${sentPerField.size} fields, ${total} requests, ${failures.length} failures`;
        writeFileSync(process.env.FUZZ_DUMP, [summary, ...failures].join('\n'));
      }
      expect(failures.slice(0, 40), `${failures.length} failures`).toEqual([]);
      expect(sentPerField.size).toBeGreaterThan(100);
      expect(Math.min(...sentPerField.values())).toBeGreaterThanOrEqual(30);
    }, 600_000);

    it('logged no error while fuzzing (events accepted with 202 are stored too)', async () => {
      await t.services.events.flush();
      expect(errorLogs.map((l) => l.slice(0, 300))).toEqual([]);
    });
  },
);
