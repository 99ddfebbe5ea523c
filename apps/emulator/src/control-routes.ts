// The test-switch and ledger endpoints under {prefix}/_emulator/ (JSON in, JSON out).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { EmulatorControl } from './control.ts';
import { CHAT_FAILURE_KINDS } from './switches.ts';

const latency = z.object({
  ms: z.number().int().min(0).max(60_000),
  /** One method only (e.g. videos.update); without it, every call. */
  method: z.string().min(1).max(60).optional(),
  phase: z.enum(['before', 'after']).default('before'),
});
const advance = z.object({
  days: z.number().int().min(0).max(366).default(0),
  hours: z
    .number()
    .int()
    .min(0)
    .max(24 * 366)
    .default(0),
});
const failures = z.object({ rate: z.number().min(0).max(1), seed: z.string().optional() });
const chatFailures = z.object({
  kind: z.enum(CHAT_FAILURE_KINDS),
  count: z.number().int().min(0).max(1000).default(1),
});
const exhausted = z.object({ exhausted: z.boolean() });
const revoke = z.union([
  z.object({ refreshToken: z.string().min(1) }),
  z.object({ account: z.string().min(1) }),
]);
const forbiddenBody = z.object({
  channelId: z.string().min(1),
  forbidden: z.boolean().default(true),
});
const addChannel = z.object({
  videoCount: z.number().int().min(0).max(100_000),
  id: z
    .string()
    .regex(/^UC[A-Za-z0-9_-]{10,30}$/)
    .optional(),
  title: z.string().min(1).max(100).optional(),
  niche: z.string().optional(),
  owner: z.string().optional(),
});

function bad(reply: FastifyReply, error: z.ZodError): FastifyReply {
  return reply.code(400).send({ error: 'invalid-request', issues: error.issues });
}

/** Registers the control endpoints. */
export function registerControlRoutes(app: FastifyInstance, control: EmulatorControl): void {
  app.get('/_emulator/quota', async () => control.quotaLedger());
  app.get('/_emulator/state', async () => control.state());
  app.post('/_emulator/advance', async (request, reply) => {
    const parsed = advance.safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error);
    const ms = (parsed.data.days * 24 + parsed.data.hours) * 3600_000;
    return { now: await control.advanceClock(ms) };
  });
  app.post('/_emulator/latency', async (request, reply) => {
    const parsed = latency.safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    const { ms, method, phase } = parsed.data;
    if (method) control.setMethodLatency(method, ms, phase);
    else control.setLatency(ms);
    return control.state().switches;
  });
  app.post('/_emulator/failures', async (request, reply) => {
    const parsed = failures.safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    control.setFailureRate(parsed.data.rate, parsed.data.seed);
    return control.state().switches;
  });
  app.post('/_emulator/chat-failures', async (request, reply) => {
    const parsed = chatFailures.safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    control.setChatFailures(parsed.data.kind, parsed.data.count);
    return control.state().switches;
  });
  app.post('/_emulator/quota-exhausted', async (request, reply) => {
    const parsed = exhausted.safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    control.setQuotaExhausted(parsed.data.exhausted);
    return control.quotaLedger();
  });
  app.post('/_emulator/forget-granted-scopes', async () => {
    control.forgetGrantedScopes();
    return { ok: true };
  });
  app.post('/_emulator/revoke', async (request, reply) => {
    const parsed = revoke.safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    const revoked =
      'refreshToken' in parsed.data
        ? Number(control.revokeRefreshToken(parsed.data.refreshToken))
        : control.revokeAccount(parsed.data.account);
    return { revoked };
  });
  app.post('/_emulator/forbidden', async (request, reply) => {
    const parsed = forbiddenBody.safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    control.setChannelForbidden(parsed.data.channelId, parsed.data.forbidden);
    return control.state().switches;
  });
  app.post('/_emulator/channels', async (request, reply) => {
    const parsed = addChannel.safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    const { owner, ...rest } = parsed.data;
    try {
      const channel = control.addChannel({ ...rest, ...(owner ? { owner } : {}) });
      return reply
        .code(201)
        .send({ id: channel.id, title: channel.title, videoCount: parsed.data.videoCount });
    } catch (error) {
      return reply.code(409).send({ error: 'conflict', message: (error as Error).message });
    }
  });
  app.post('/_emulator/reset', async () => {
    control.reset();
    return { ok: true };
  });
}
