import { z } from 'zod';
import type { MailService } from '../modules/mail/index.ts';
import type { SessionService } from '../modules/sessions/index.ts';
import type { UsersService } from '../modules/users/index.ts';
import type { ChannelConnectService, ChannelSearchService } from '../modules/channels/index.ts';
import type { SyncService } from '../modules/sync/index.ts';
import type { IdeaInboxService } from '../modules/ideas/index.ts';
import type { PublishService } from '../modules/optimization/index.ts';
import type { SerpChecksService } from '../modules/rankings/index.ts';
import type { AiMetadataService } from '../modules/ai-metadata/index.ts';
import type { StripeWebhooks, TrialMails } from '../modules/billing/index.ts';
import type { AccountExportService } from '../modules/account/index.ts';
import type { OnboardingServices } from '../modules/onboarding/index.ts';
import type { CompetitorsService } from '../modules/competition/index.ts';
import type { ThumbnailTestRunner } from '../modules/labs/index.ts';
import { defineJob } from './jobs.ts';

/** Every job of the product, built from the services they call. */
export function jobDefinitions(services: {
  mail: MailService;
  users: UsersService;
  sessions: SessionService;
  sync: SyncService;
  connect: ChannelConnectService;
  channelSearch: ChannelSearchService;
  ideaInbox: IdeaInboxService;
  publish: PublishService;
  serpChecks: SerpChecksService;
  aiMetadata: AiMetadataService;
  trialMails: TrialMails;
  stripeWebhooks: StripeWebhooks;
  accountExports: AccountExportService;
  onboarding: OnboardingServices;
  competitors: CompetitorsService;
  thumbnailTestRunner: ThumbnailTestRunner;
}) {
  return {
    trialMails: defineJob({
      name: 'billing.trial-mails',
      payload: z.object({}),
      retry: { limit: 2, delaySeconds: 60, backoff: false },
      schedule: { cron: '23 * * * *', payload: {} },
      handler: async () => {
        await services.trialMails.run();
      },
    }),
    purgeStripeEvents: defineJob({
      name: 'billing.purge-events',
      payload: z.object({}),
      retry: { limit: 2, delaySeconds: 60, backoff: false },
      schedule: { cron: '29 4 * * *', payload: {} },
      handler: async () => {
        await services.stripeWebhooks.purge();
      },
    }),
    deliverMail: defineJob({
      name: 'mail.deliver',
      payload: z.object({ outboxId: z.uuid() }),
      retry: { limit: 8, delaySeconds: 5, backoff: true },
      handler: ({ outboxId }) => services.mail.deliver(outboxId),
    }),
    redeliverMail: defineJob({
      name: 'mail.redeliver',
      payload: z.object({}),
      retry: { limit: 2, delaySeconds: 60, backoff: false },
      // Messages a dead process wrote but never scheduled wait at most this long more.
      schedule: { cron: '*/5 * * * *', payload: {} },
      handler: async () => {
        await services.mail.redeliverStranded();
      },
    }),
    sendPasswordReset: defineJob({
      name: 'users.password-reset',
      // The address only: the request was answered before anyone looked it up.
      payload: z.object({ email: z.string().max(254) }),
      retry: { limit: 5, delaySeconds: 5, backoff: true },
      handler: ({ email }) => services.users.sendPasswordReset(email),
    }),
    purgeMail: defineJob({
      name: 'mail.purge',
      payload: z.object({}),
      retry: { limit: 2, delaySeconds: 300, backoff: true },
      // Hourly, so a body outlives MAIL_BODY_RETENTION_HOURS by at most an hour.
      schedule: { cron: '11 * * * *', payload: {} },
      handler: async () => {
        await services.mail.purge();
      },
    }),
    purgeSessions: defineJob({
      name: 'sessions.purge',
      payload: z.object({}),
      retry: { limit: 3, delaySeconds: 60, backoff: true },
      schedule: { cron: '17 3 * * *', payload: {} },
      handler: async () => {
        await services.sessions.purgeExpired();
        await services.users.purgeExpired();
        await services.connect.purgeExpired();
        await services.channelSearch.purgeExpired();
      },
    }),
    syncChannel: defineJob({
      name: 'channel.sync',
      payload: z.object({ channelId: z.uuid(), runId: z.uuid() }),
      retry: { limit: 6, delaySeconds: 10, backoff: true },
      // One queued-or-active sync per channel; a worker that dies stops sending heartbeats and
      // pg-boss hands the job to another worker, which resumes from the saved cursor.
      queue: { policy: 'exclusive', heartbeatSeconds: 30 },
      singletonKey: ({ channelId }) => channelId,
      handler: async ({ channelId, runId }, job) => {
        await services.sync.run(channelId, runId, {
          final: job.retryCount >= job.retryLimit,
          heartbeat: job.heartbeat,
        });
      },
    }),
    syncDueChannels: defineJob({
      name: 'channels.sync-due',
      payload: z.object({}),
      retry: { limit: 2, delaySeconds: 300, backoff: true },
      schedule: { cron: '40 4 * * *', payload: {} },
      handler: async () => {
        await services.sync.syncAllDue();
      },
    }),
    weeklyIdeas: defineJob({
      name: 'ideas.weekly-email',
      payload: z.object({}),
      retry: { limit: 3, delaySeconds: 600, backoff: true },
      // Mondays 07:30 UTC; a person gets at most one e-mail per channel in six days.
      schedule: { cron: '30 7 * * 1', payload: {} },
      handler: async () => {
        await services.ideaInbox.sendWeekly();
      },
    }),
    reconcilePublishes: defineJob({
      name: 'publish.reconcile',
      payload: z.object({}),
      // The next minute's run is the retry.
      retry: { limit: 0, delaySeconds: 60, backoff: false },
      schedule: { cron: '* * * * *', payload: {} },
      handler: async () => {
        await services.publish.reconcileInterrupted();
      },
    }),
    checkRankings: defineJob({
      name: 'rankings.check-day',
      payload: z.object({}),
      // The next run is the retry: every 15 minutes it plans today's checks (idempotent), queues
      // what is pending and collects what the provider finished, so a day's checks spread over
      // the runs and a worker killed mid-run is picked up by the next one without paying twice.
      retry: { limit: 0, delaySeconds: 60, backoff: false },
      schedule: { cron: '*/15 * * * *', payload: {} },
      handler: async () => {
        await services.serpChecks.runToday();
      },
    }),
    generateAiMetadata: defineJob({
      name: 'ai-metadata.generate',
      payload: z.object({ generationId: z.uuid() }),
      // An unreachable model is tried again after 10, 20 and 40 s; the last attempt marks the
      // generation failed (and uncounted). A worker that died leaves it running: the retry
      // claims it again.
      retry: { limit: 3, delaySeconds: 10, backoff: true },
      handler: async ({ generationId }, job) => {
        await services.aiMetadata.run(generationId, { final: job.retryCount >= job.retryLimit });
      },
    }),
    exportAccount: defineJob({
      name: 'account.export',
      payload: z.object({ exportId: z.uuid() }),
      // A worker that died mid-way leaves the export running: the retry claims it again. The
      // last attempt marks it failed (an account too large fails at once, without retries).
      retry: { limit: 2, delaySeconds: 30, backoff: true },
      handler: async ({ exportId }, job) => {
        await services.accountExports.run(exportId, { final: job.retryCount >= job.retryLimit });
      },
    }),
    purgeAccountExports: defineJob({
      name: 'account.purge-exports',
      payload: z.object({}),
      retry: { limit: 2, delaySeconds: 300, backoff: true },
      // Hourly: an archive outlives its ACCOUNT_EXPORT_DAYS by at most an hour.
      schedule: { cron: '37 * * * *', payload: {} },
      handler: async () => {
        await services.accountExports.purgeExpired();
      },
    }),
    refreshCompetitors: defineJob({
      name: 'competition.refresh',
      payload: z.object({}),
      retry: { limit: 2, delaySeconds: 600, backoff: true },
      // Daily at 00:10 Pacific, just after the quota day's reset (midnight America/Los_Angeles,
      // daylight saving included): the public data of competitors followed by channels someone
      // can use the view on is read once a day with the product's key, within its daily budget.
      schedule: { cron: '10 0 * * *', tz: 'America/Los_Angeles', payload: {} },
      handler: async () => {
        await services.competitors.refreshDue();
      },
    }),
    onboardingInsights: defineJob({
      name: 'onboarding.insights',
      payload: z.object({ insightsId: z.string().max(64) }),
      // Checks already made are stored (one per keyword, market and day), so a retry pays for
      // nothing twice; the last attempt marks the report failed.
      retry: { limit: 2, delaySeconds: 30, backoff: true },
      handler: async ({ insightsId }, job) => {
        await services.onboarding.insights.run(insightsId, {
          final: job.retryCount >= job.retryLimit,
        });
      },
    }),
    purgeOnboardings: defineJob({
      name: 'onboarding.purge',
      payload: z.object({}),
      retry: { limit: 2, delaySeconds: 300, backoff: true },
      // Daily: unverified onboardings go after 7 days, expired or revoked reports at once.
      schedule: { cron: '47 3 * * *', payload: {} },
      handler: async () => {
        await services.onboarding.onboarding.purge();
        await services.onboarding.insights.purge();
      },
    }),
    thumbnailTests: defineJob({
      name: 'labs.thumbnail-tests',
      payload: z.object({}),
      // The next run is the retry; each test is reconciled, swapped and measured on its own.
      retry: { limit: 0, delaySeconds: 60, backoff: false },
      schedule: { cron: '*/5 * * * *', payload: {} },
      handler: async () => {
        await services.thumbnailTestRunner.tick();
      },
    }),
    recoverStalledSyncs: defineJob({
      name: 'channels.sync-recover',
      payload: z.object({}),
      retry: { limit: 0, delaySeconds: 60, backoff: false },
      schedule: { cron: '*/5 * * * *', payload: {} },
      handler: async () => {
        await services.sync.recoverStalled();
      },
    }),
  };
}
