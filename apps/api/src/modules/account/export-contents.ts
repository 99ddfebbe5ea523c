import { and, asc, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  aiGenerations,
  billingInvoices,
  billingSubscriptions,
  channelMembers,
  channelSearchConsole,
  channelSettings,
  channelSyncs,
  channels,
  customPlanRequests,
  onboardings,
  sharedInsights,
  descriptionTemplates,
  emailOutbox,
  ideaFolders,
  ideaInboxSubscriptions,
  keywordRanks,
  playlists,
  reportingSettings,
  savedIdeas,
  searchConsoleGrants,
  sessionFamilies,
  thumbnailTestDays,
  thumbnailTestSwaps,
  thumbnailTests,
  thumbnailTestVariants,
  thumbnailUploads,
  trackedKeywords,
  users,
  videoDrafts,
  videoKeywords,
  videoPublishes,
  videoScripts,
  videoScriptVersions,
  videos,
} from '../../db/schema/index.ts';
import type { ArchiveWriter } from './export-archive.ts';

/** Rows read per query: big tables are read page by page, never whole. */
export const EXPORT_PAGE_ROWS = 500;

/** Every file of an export, in the order written, with what it holds (the README lists them). */
export const EXPORT_FILES: readonly { name: string; holds: string }[] = [
  { name: 'README.txt', holds: 'this description' },
  {
    name: 'profile.json',
    holds:
      'your account: e-mail, name, settings, notification and AI choices, trial, the weekly ideas e-mails you chose per channel',
  },
  {
    name: 'sessions.json',
    holds:
      'your sign-ins: when, from which browser (user agent) and address, when they ended (no tokens)',
  },
  {
    name: 'emails.json',
    holds: 'the e-mails we wrote to you: subject and dates (the texts are not kept)',
  },
  {
    name: 'channels.json',
    holds:
      'the channels you own or work on: your role, their settings, reporting settings, last sync, and for your own channels the people you shared them with',
  },
  {
    name: 'videos.json / videos.csv',
    holds: "each channel's videos as last synced: title, description, tags, figures, scores",
  },
  { name: 'playlists.json', holds: "each channel's playlists" },
  { name: 'drafts.json', holds: 'unpublished drafts of video metadata' },
  {
    name: 'publish-history.json',
    holds: 'every publish through the product: who, when, the copy before and after',
  },
  { name: 'templates.json', holds: 'description templates' },
  { name: 'video-keywords.json', holds: 'keywords bookmarked for videos' },
  {
    name: 'thumbnails.json',
    holds: 'thumbnails uploaded for videos: size and dates (the images are not included)',
  },
  {
    name: 'thumbnail-tests.json',
    holds:
      "thumbnail A/B tests: their thumbnails (ids of thumbnails.json), each day's swap and figures, the decision",
  },
  {
    name: 'search-console.json',
    holds:
      'your Search Console connection (when, which permissions; no tokens) and the property chosen for each channel',
  },
  { name: 'idea-folders.json', holds: 'folders of saved ideas' },
  { name: 'saved-ideas.json / saved-ideas.csv', holds: 'saved video ideas with their figures' },
  { name: 'scripts.json', holds: 'scripts written for saved ideas (HTML)' },
  { name: 'script-versions.json', holds: 'earlier versions of those scripts' },
  {
    name: 'tracked-keywords.json / tracked-keywords.csv',
    holds: 'tracked keywords with their latest rank',
  },
  {
    name: 'keyword-ranks.json / keyword-ranks.csv',
    holds: "the rank history: each tracked keyword's best position per day",
  },
  {
    name: 'ai-generations.json',
    holds: 'AI-written titles and descriptions, their ratings and what the model read',
  },
  { name: 'custom-plan-requests.json', holds: 'requests for a custom plan' },
  {
    name: 'onboardings.json',
    holds: 'the public onboardings made with your e-mail (competitors, keywords, shared reports)',
  },
  {
    name: 'billing.json / invoices.csv',
    holds: 'your subscription and invoices as Stripe reported them',
  },
];

/** The README of an export: what each file holds, what is left out and why. */
export function exportReadme(input: { productName: string; email: string; at: Date }): string {
  const width = Math.max(...EXPORT_FILES.map((f) => f.name.length)) + 2;
  return [
    `${input.productName}: everything your account holds`,
    '',
    `Account: ${input.email}`,
    `Exported: ${input.at.toISOString()}`,
    '',
    'JSON files hold everything; CSV files repeat the tables for spreadsheets (UTF-8 with a BOM;',
    "a cell starting with = + - or @ is prefixed with ' so no spreadsheet runs it as a formula).",
    'Times are UTC (ISO 8601). Ids are the product\'s own; "youtubeId" fields are YouTube\'s.',
    'Channel data is the data of every channel you own or work on, as you can see it in the app.',
    '',
    'Files:',
    ...EXPORT_FILES.map((f) => `  ${f.name.padEnd(width)}${f.holds}`),
    '',
    'Never included: your password (only a hash of it is stored, and not exported), the',
    "channels' platform access tokens, your Search Console tokens, session and password-reset",
    'tokens, and sign-in links.',
    "Search results, keyword figures and captions are the platforms' data, cached for everyone,",
    'and are not part of your account.',
    '',
  ].join('\n');
}

/** A channel of the export: the person's role and what the files call it. */
interface ExportChannel {
  id: string;
  youtubeId: string;
  name: string;
  role: 'owner' | 'member';
}

/** Reads a table page by page (keyset), yielding its rows. */
async function* pages<R>(read: (after: R | null) => Promise<R[]>): AsyncGenerator<R> {
  let after: R | null = null;
  for (;;) {
    const page = await read(after);
    for (const row of page) yield row;
    if (page.length < EXPORT_PAGE_ROWS) return;
    after = page[page.length - 1]!;
  }
}

/** Writes every JSON and CSV file of one account's export into the archive. */
export async function writeAccountExport(
  db: Db,
  userId: string,
  archive: ArchiveWriter,
  options: { productName: string; now: Date },
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('The account no longer exists');
  const memberships = await db
    .select({
      id: channels.id,
      youtubeId: channels.youtubeId,
      name: channels.name,
      customUrl: channels.customUrl,
      thumbnailUrl: channels.thumbnailUrl,
      needsReconnect: channels.needsReconnect,
      connectedAt: channels.createdAt,
      role: channelMembers.role,
      joinedAt: channelMembers.joinedAt,
      addedAt: channelMembers.createdAt,
    })
    .from(channelMembers)
    .innerJoin(channels, eq(channels.id, channelMembers.channelId))
    .where(eq(channelMembers.userId, userId))
    .orderBy(asc(channels.name), asc(channels.id));
  const list: ExportChannel[] = memberships.map((m) => ({
    id: m.id,
    youtubeId: m.youtubeId,
    name: m.name,
    role: m.role,
  }));
  const ids = list.map((c) => c.id);

  archive.text(
    'README.txt',
    exportReadme({ productName: options.productName, email: user.email, at: options.now }),
  );

  // The account. Never the password hash.
  const inbox = await db
    .select({
      channelId: ideaInboxSubscriptions.channelId,
      optedIn: ideaInboxSubscriptions.optedIn,
      lastSentAt: ideaInboxSubscriptions.lastSentAt,
    })
    .from(ideaInboxSubscriptions)
    .where(eq(ideaInboxSubscriptions.userId, userId));
  archive.json('profile.json', {
    id: user.id,
    email: user.email,
    name: user.name,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    flags: user.flags,
    settings: user.settings,
    emailNotifications: user.emailNotifications,
    aiPermission: user.aiPermission,
    trialEndsAt: user.trialEndsAt,
    stripeCustomerId: user.stripeCustomerId,
    weeklyIdeaEmails: inbox,
  });

  // Sign-ins: when and from where, never a token or its hash.
  const sessions = archive.jsonArray('sessions.json');
  for await (const row of pages((after: { id: string } | null) =>
    db
      .select({
        id: sessionFamilies.id,
        createdAt: sessionFamilies.createdAt,
        expiresAt: sessionFamilies.absoluteExpiresAt,
        endedAt: sessionFamilies.revokedAt,
        endedBecause: sessionFamilies.revokedReason,
        userAgent: sessionFamilies.userAgent,
        ip: sessionFamilies.ip,
      })
      .from(sessionFamilies)
      .where(
        and(
          eq(sessionFamilies.userId, userId),
          after ? gt(sessionFamilies.id, after.id) : undefined,
        ),
      )
      .orderBy(asc(sessionFamilies.id))
      .limit(EXPORT_PAGE_ROWS),
  ))
    sessions.add(row);
  sessions.end();

  // Envelopes only: bodies may still hold a reset link until they are erased.
  const emails = archive.jsonArray('emails.json');
  for await (const row of pages((after: { id: string } | null) =>
    db
      .select({
        id: emailOutbox.id,
        subject: emailOutbox.subject,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(
        and(
          sql`lower(${emailOutbox.to}) = ${user.email.toLowerCase()}`,
          after ? gt(emailOutbox.id, after.id) : undefined,
        ),
      )
      .orderBy(asc(emailOutbox.id))
      .limit(EXPORT_PAGE_ROWS),
  ))
    emails.add(row);
  emails.end();

  await writeChannels(db, archive, memberships, ids);
  await writeVideos(db, archive, list);
  await writeChannelTables(db, archive, list);
  await writeThumbnailTests(db, archive, list, userId);
  await writeSearchConsole(db, archive, list, userId);
  await writeIdeas(db, archive, list);
  await writeRankings(db, archive, list);

  const generations = archive.jsonArray('ai-generations.json');
  for (const channel of list) {
    for await (const row of pages((after: { id: string } | null) =>
      db
        .select({
          id: aiGenerations.id,
          videoId: aiGenerations.videoId,
          status: aiGenerations.status,
          searchTerm: aiGenerations.searchTerm,
          language: aiGenerations.language,
          model: aiGenerations.model,
          titles: aiGenerations.titles,
          description: aiGenerations.description,
          inputs: aiGenerations.inputs,
          requestedByYou: sql<boolean>`${aiGenerations.requestedBy} is not distinct from ${userId}::uuid`,
          errorMessage: aiGenerations.errorMessage,
          createdAt: aiGenerations.createdAt,
          finishedAt: aiGenerations.finishedAt,
        })
        .from(aiGenerations)
        .where(
          and(
            eq(aiGenerations.channelId, channel.id),
            after ? gt(aiGenerations.id, after.id) : undefined,
          ),
        )
        .orderBy(asc(aiGenerations.id))
        .limit(EXPORT_PAGE_ROWS),
    ))
      generations.add({ channelId: channel.id, ...row });
  }
  generations.end();

  archive.json(
    'custom-plan-requests.json',
    await db
      .select({
        id: customPlanRequests.id,
        email: customPlanRequests.email,
        name: customPlanRequests.name,
        channels: customPlanRequests.channels,
        people: customPlanRequests.people,
        keywords: customPlanRequests.keywords,
        message: customPlanRequests.message,
        createdAt: customPlanRequests.createdAt,
      })
      .from(customPlanRequests)
      .where(eq(customPlanRequests.userId, userId))
      .orderBy(asc(customPlanRequests.createdAt)),
  );

  const madeWith = await db
    .select({
      id: onboardings.id,
      email: onboardings.email,
      locale: onboardings.locale,
      competitors: onboardings.competitors,
      keywords: onboardings.keywords,
      termsAcceptedAt: onboardings.tosAcceptedAt,
      verifiedAt: onboardings.verifiedAt,
      createdAt: onboardings.createdAt,
    })
    .from(onboardings)
    // By e-mail only once verified: anyone may type an address into an unverified one.
    .where(
      or(
        eq(onboardings.userId, userId),
        and(eq(onboardings.email, user.email), isNotNull(onboardings.verifiedAt)),
      ),
    )
    .orderBy(asc(onboardings.createdAt));
  const reports = madeWith.length
    ? await db
        .select({
          id: sharedInsights.id,
          onboardingId: sharedInsights.onboardingId,
          status: sharedInsights.status,
          createdAt: sharedInsights.createdAt,
          expiresAt: sharedInsights.expiresAt,
          revokedAt: sharedInsights.revokedAt,
        })
        .from(sharedInsights)
        .where(
          inArray(
            sharedInsights.onboardingId,
            madeWith.map((o) => o.id),
          ),
        )
    : [];
  archive.json(
    'onboardings.json',
    madeWith.map((o) => ({
      ...o,
      sharedReports: reports.filter((r) => r.onboardingId === o.id),
    })),
  );

  const [subscription] = await db
    .select({
      planId: billingSubscriptions.planId,
      interval: billingSubscriptions.interval,
      status: billingSubscriptions.status,
      trialEnd: billingSubscriptions.trialEnd,
      currentPeriodEnd: billingSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: billingSubscriptions.cancelAtPeriodEnd,
      endedAt: billingSubscriptions.endedAt,
      stripeSubscriptionId: billingSubscriptions.stripeSubscriptionId,
      updatedAt: billingSubscriptions.updatedAt,
    })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.userId, userId));
  const invoices = await db
    .select({
      id: billingInvoices.id,
      number: billingInvoices.number,
      status: billingInvoices.status,
      amountDue: billingInvoices.amountDue,
      amountPaid: billingInvoices.amountPaid,
      currency: billingInvoices.currency,
      createdAt: billingInvoices.stripeCreated,
      periodStart: billingInvoices.periodStart,
      periodEnd: billingInvoices.periodEnd,
      hostedUrl: billingInvoices.hostedUrl,
      pdfUrl: billingInvoices.pdfUrl,
    })
    .from(billingInvoices)
    .where(eq(billingInvoices.userId, userId))
    .orderBy(asc(billingInvoices.stripeCreated));
  archive.json('billing.json', { subscription: subscription ?? null, invoices });
  const invoiceCsv = archive.csv('invoices.csv', [
    'Number',
    'Status',
    'Amount due',
    'Amount paid',
    'Currency',
    'Created',
    'Period start',
    'Period end',
    'Invoice page',
  ]);
  for (const i of invoices) {
    invoiceCsv.add([
      i.number,
      i.status,
      i.amountDue / 100,
      i.amountPaid / 100,
      i.currency.toUpperCase(),
      i.createdAt,
      i.periodStart,
      i.periodEnd,
      i.hostedUrl,
    ]);
  }
  invoiceCsv.end();
}

/** channels.json: each channel with the person's role, settings and (own channels) its people. */
async function writeChannels(
  db: Db,
  archive: ArchiveWriter,
  memberships: {
    id: string;
    youtubeId: string;
    name: string;
    customUrl: string | null;
    thumbnailUrl: string;
    needsReconnect: boolean;
    connectedAt: Date;
    role: 'owner' | 'member';
    joinedAt: Date | null;
    addedAt: Date;
  }[],
  ids: string[],
): Promise<void> {
  const byChannel = <T extends { channelId: string }>(rows: T[]) =>
    new Map(rows.map((r) => [r.channelId, r]));
  const settings = ids.length
    ? byChannel(
        await db.select().from(channelSettings).where(inArray(channelSettings.channelId, ids)),
      )
    : new Map();
  const reporting = ids.length
    ? byChannel(
        await db
          .select({
            channelId: reportingSettings.channelId,
            costPerView: reportingSettings.costPerView,
            updatedAt: reportingSettings.updatedAt,
          })
          .from(reportingSettings)
          .where(inArray(reportingSettings.channelId, ids)),
      )
    : new Map();
  const syncs = ids.length
    ? byChannel(
        await db
          .select({
            channelId: channelSyncs.channelId,
            state: channelSyncs.state,
            lastSyncedAt: channelSyncs.lastSyncedAt,
            videosTotal: channelSyncs.videosTotal,
          })
          .from(channelSyncs)
          .where(inArray(channelSyncs.channelId, ids)),
      )
    : new Map();
  const owned = memberships.filter((m) => m.role === 'owner').map((m) => m.id);
  const people = owned.length
    ? await db
        .select({
          channelId: channelMembers.channelId,
          email: users.email,
          name: users.name,
          role: channelMembers.role,
          invitedAt: channelMembers.createdAt,
          joinedAt: channelMembers.joinedAt,
        })
        .from(channelMembers)
        .innerJoin(users, eq(users.id, channelMembers.userId))
        .where(inArray(channelMembers.channelId, owned))
        .orderBy(asc(channelMembers.role), asc(users.email))
    : [];
  archive.json(
    'channels.json',
    memberships.map((m) => {
      const s = settings.get(m.id) as typeof channelSettings.$inferSelect | undefined;
      return {
        id: m.id,
        youtubeId: m.youtubeId,
        name: m.name,
        customUrl: m.customUrl,
        thumbnailUrl: m.thumbnailUrl,
        yourRole: m.role,
        connectedAt: m.connectedAt,
        youJoinedAt: m.joinedAt ?? m.addedAt,
        needsReconnect: m.needsReconnect,
        settings: s
          ? {
              topics: s.topics,
              language: s.language,
              eeatStatement: s.eeatStatement,
              toneOfVoice: s.toneOfVoice,
              industries: s.industries,
              companyName: s.companyName,
              updatedAt: s.updatedAt,
            }
          : null,
        reportingSettings: reporting.get(m.id) ?? null,
        lastSync: syncs.get(m.id) ?? null,
        people:
          m.role === 'owner'
            ? people
                .filter((p) => p.channelId === m.id)
                .map((p) => ({
                  email: p.email,
                  name: p.joinedAt ? p.name : '',
                  role: p.role,
                  invitedAt: p.invitedAt,
                  joined: p.joinedAt !== null,
                }))
            : undefined,
      };
    }),
  );
}

/** The videos of every channel, page by page, as JSON and CSV. */
async function writeVideos(db: Db, archive: ArchiveWriter, list: ExportChannel[]): Promise<void> {
  const columns = {
    youtubeId: videos.youtubeId,
    title: videos.title,
    description: videos.description,
    tags: videos.tags,
    categoryId: videos.categoryId,
    defaultLanguage: videos.defaultLanguage,
    defaultAudioLanguage: videos.defaultAudioLanguage,
    publishedAt: videos.publishedAt,
    privacyStatus: videos.privacyStatus,
    publishAt: videos.publishAt,
    durationSeconds: videos.durationSeconds,
    viewCount: videos.viewCount,
    likeCount: videos.likeCount,
    commentCount: videos.commentCount,
    hasCaptions: videos.hasCaptions,
    localizations: videos.localizations,
    searchTerm: videos.searchTerm,
    ignoredTips: videos.ignoredTips,
    level: videos.level,
    impact: videos.impact,
    searchPosition: videos.searchPosition,
    lastPublishedAt: videos.lastPublishedAt,
    syncedAt: videos.syncedAt,
  };
  const read = (channelId: string) =>
    pages((after: { youtubeId: string } | null) =>
      db
        .select(columns)
        .from(videos)
        .where(
          and(
            eq(videos.channelId, channelId),
            after ? gt(videos.youtubeId, after.youtubeId) : undefined,
          ),
        )
        .orderBy(asc(videos.youtubeId))
        .limit(EXPORT_PAGE_ROWS),
    );
  const json = archive.jsonArray('videos.json');
  for (const channel of list) {
    for await (const row of read(channel.id)) json.add({ channelId: channel.id, ...row });
  }
  json.end();
  const csv = archive.csv('videos.csv', [
    'Channel',
    'Video id',
    'Title',
    'Description',
    'Tags',
    'Published',
    'Privacy',
    'Duration (s)',
    'Views',
    'Likes',
    'Comments',
    'Search term',
    'Optimization level',
    'Impact',
    'Search position',
    'Last published via the product',
  ]);
  for (const channel of list) {
    for await (const v of read(channel.id)) {
      csv.add([
        channel.name,
        v.youtubeId,
        v.title,
        v.description,
        v.tags.join(', '),
        v.publishedAt,
        v.privacyStatus,
        v.durationSeconds,
        v.viewCount,
        v.likeCount,
        v.commentCount,
        v.searchTerm,
        v.level,
        v.impact,
        v.searchPosition,
        v.lastPublishedAt,
      ]);
    }
  }
  csv.end();
}

/** Playlists, drafts, publishes, templates, bookmarked keywords and thumbnails per channel. */
async function writeChannelTables(
  db: Db,
  archive: ArchiveWriter,
  list: ExportChannel[],
): Promise<void> {
  const byId = (after: { id: string } | null, column: AnyPgColumn) =>
    after ? gt(column, after.id) : undefined;

  const lists = archive.jsonArray('playlists.json');
  for (const channel of list) {
    for await (const row of pages((after: { id: string } | null) =>
      db
        .select({
          id: playlists.id,
          youtubeId: playlists.youtubeId,
          title: playlists.title,
          itemCount: playlists.itemCount,
        })
        .from(playlists)
        .where(and(eq(playlists.channelId, channel.id), byId(after, playlists.id)))
        .orderBy(asc(playlists.id))
        .limit(EXPORT_PAGE_ROWS),
    ))
      lists.add({ channelId: channel.id, ...row });
  }
  lists.end();

  const drafts = archive.jsonArray('drafts.json');
  for (const channel of list) {
    for await (const row of pages((after: { id: string } | null) =>
      db
        .select({
          id: videoDrafts.videoId,
          videoYoutubeId: videos.youtubeId,
          title: videoDrafts.title,
          description: videoDrafts.description,
          tags: videoDrafts.tags,
          searchTerm: videoDrafts.searchTerm,
          language: videoDrafts.language,
          revision: videoDrafts.revision,
          updatedByName: videoDrafts.updatedByName,
          updatedAt: videoDrafts.updatedAt,
        })
        .from(videoDrafts)
        .innerJoin(videos, eq(videos.id, videoDrafts.videoId))
        .where(
          and(
            eq(videoDrafts.channelId, channel.id),
            after ? gt(videoDrafts.videoId, after.id) : undefined,
          ),
        )
        .orderBy(asc(videoDrafts.videoId))
        .limit(EXPORT_PAGE_ROWS),
    )) {
      const { id: _videoRowId, ...draft } = row;
      drafts.add({ channelId: channel.id, ...draft });
    }
  }
  drafts.end();

  const publishes = archive.jsonArray('publish-history.json');
  for (const channel of list) {
    for await (const row of pages((after: { id: string } | null) =>
      db
        .select({
          id: videoPublishes.id,
          videoYoutubeId: videos.youtubeId,
          byName: videoPublishes.userName,
          before: videoPublishes.before,
          after: videoPublishes.after,
          thumbnailChanged: videoPublishes.thumbnailChanged,
          undoOf: videoPublishes.restoresId,
          quotaUnits: videoPublishes.quotaUnits,
          createdAt: videoPublishes.createdAt,
        })
        .from(videoPublishes)
        .innerJoin(videos, eq(videos.id, videoPublishes.videoId))
        .where(and(eq(videoPublishes.channelId, channel.id), byId(after, videoPublishes.id)))
        .orderBy(asc(videoPublishes.id))
        .limit(EXPORT_PAGE_ROWS),
    ))
      publishes.add({ channelId: channel.id, ...row });
  }
  publishes.end();

  const templates = archive.jsonArray('templates.json');
  for (const channel of list) {
    for await (const row of pages((after: { id: string } | null) =>
      db
        .select({
          id: descriptionTemplates.id,
          title: descriptionTemplates.title,
          content: descriptionTemplates.content,
          createdAt: descriptionTemplates.createdAt,
          updatedAt: descriptionTemplates.updatedAt,
        })
        .from(descriptionTemplates)
        .where(
          and(eq(descriptionTemplates.channelId, channel.id), byId(after, descriptionTemplates.id)),
        )
        .orderBy(asc(descriptionTemplates.id))
        .limit(EXPORT_PAGE_ROWS),
    ))
      templates.add({ channelId: channel.id, ...row });
  }
  templates.end();

  const bookmarks = archive.jsonArray('video-keywords.json');
  for (const channel of list) {
    for await (const row of pages((after: { id: string } | null) =>
      db
        .select({
          id: videoKeywords.id,
          videoYoutubeId: videoKeywords.videoYoutubeId,
          keyword: videoKeywords.keyword,
          createdAt: videoKeywords.createdAt,
        })
        .from(videoKeywords)
        .where(and(eq(videoKeywords.channelId, channel.id), byId(after, videoKeywords.id)))
        .orderBy(asc(videoKeywords.id))
        .limit(EXPORT_PAGE_ROWS),
    ))
      bookmarks.add({ channelId: channel.id, ...row });
  }
  bookmarks.end();

  const thumbnails = archive.jsonArray('thumbnails.json');
  for (const channel of list) {
    for await (const row of pages((after: { id: string } | null) =>
      db
        .select({
          id: thumbnailUploads.id,
          videoYoutubeId: thumbnailUploads.videoYoutubeId,
          mimeType: thumbnailUploads.mimeType,
          width: thumbnailUploads.width,
          height: thumbnailUploads.height,
          bytes: thumbnailUploads.bytes,
          origin: thumbnailUploads.origin,
          createdAt: thumbnailUploads.createdAt,
        })
        .from(thumbnailUploads)
        .where(and(eq(thumbnailUploads.channelId, channel.id), byId(after, thumbnailUploads.id)))
        .orderBy(asc(thumbnailUploads.id))
        .limit(EXPORT_PAGE_ROWS),
    ))
      thumbnails.add({ channelId: channel.id, ...row });
  }
  thumbnails.end();
}

/**
 * thumbnail-tests.json: every test of every channel, page by page, each with its thumbnails
 * (upload ids: the images are left out as in thumbnails.json), its platform swaps (without the
 * workers' leases) and its measured days.
 */
async function writeThumbnailTests(
  db: Db,
  archive: ArchiveWriter,
  list: ExportChannel[],
  userId: string,
): Promise<void> {
  const json = archive.jsonArray('thumbnail-tests.json');
  for (const channel of list) {
    let after: string | null = null;
    for (;;) {
      const tests = await db
        .select({
          id: thumbnailTests.id,
          videoYoutubeId: thumbnailTests.videoYoutubeId,
          metric: thumbnailTests.metric,
          durationDays: thumbnailTests.durationDays,
          status: thumbnailTests.status,
          originalThumbnailId: thumbnailTests.originalThumbnailId,
          startedByName: thumbnailTests.startedByName,
          startedByYou: sql<boolean>`${thumbnailTests.startedBy} is not distinct from ${userId}::uuid`,
          startedAt: thumbnailTests.startedAt,
          endsAt: thumbnailTests.endsAt,
          endedAt: thumbnailTests.endedAt,
          stopRequestedAt: thumbnailTests.stopRequestedAt,
          measuredThrough: thumbnailTests.measuredThrough,
          decision: thumbnailTests.decision,
          notice: thumbnailTests.notice,
          createdAt: thumbnailTests.createdAt,
          updatedAt: thumbnailTests.updatedAt,
        })
        .from(thumbnailTests)
        .where(
          and(
            eq(thumbnailTests.channelId, channel.id),
            after ? gt(thumbnailTests.id, after) : undefined,
          ),
        )
        .orderBy(asc(thumbnailTests.id))
        .limit(EXPORT_PAGE_ROWS);
      if (tests.length === 0) break;
      const testIds = tests.map((x) => x.id);
      // A test has at most 3 thumbnails and a swap and a measured day per day of its duration.
      const variants = await db
        .select({
          testId: thumbnailTestVariants.testId,
          id: thumbnailTestVariants.id,
          position: thumbnailTestVariants.position,
          thumbnailId: thumbnailTestVariants.thumbnailId,
        })
        .from(thumbnailTestVariants)
        .where(inArray(thumbnailTestVariants.testId, testIds))
        .orderBy(asc(thumbnailTestVariants.testId), asc(thumbnailTestVariants.position));
      const swaps = await db
        .select({
          testId: thumbnailTestSwaps.testId,
          id: thumbnailTestSwaps.id,
          kind: thumbnailTestSwaps.kind,
          variantId: thumbnailTestSwaps.variantId,
          quotaDay: thumbnailTestSwaps.quotaDay,
          status: thumbnailTestSwaps.status,
          reason: thumbnailTestSwaps.reason,
          quotaUnits: thumbnailTestSwaps.quotaUnits,
          createdAt: thumbnailTestSwaps.createdAt,
          appliedAt: thumbnailTestSwaps.appliedAt,
        })
        .from(thumbnailTestSwaps)
        .where(inArray(thumbnailTestSwaps.testId, testIds))
        .orderBy(asc(thumbnailTestSwaps.createdAt), asc(thumbnailTestSwaps.id));
      const days = await db
        .select({
          testId: thumbnailTestDays.testId,
          day: thumbnailTestDays.day,
          variantId: thumbnailTestDays.variantId,
          views: thumbnailTestDays.views,
          watchMinutes: thumbnailTestDays.watchMinutes,
          averageViewPercentage: thumbnailTestDays.averageViewPercentage,
        })
        .from(thumbnailTestDays)
        .where(inArray(thumbnailTestDays.testId, testIds))
        .orderBy(asc(thumbnailTestDays.day));
      const of = <R extends { testId: string }>(rows: R[], testId: string) =>
        rows.filter((r) => r.testId === testId).map(({ testId: _testId, ...rest }) => rest);
      for (const test of tests) {
        json.add({
          channelId: channel.id,
          ...test,
          variants: of(variants, test.id).map((v) => ({
            ...v,
            label: String.fromCharCode(65 + v.position),
          })),
          swaps: of(swaps, test.id),
          days: of(days, test.id),
        });
      }
      if (tests.length < EXPORT_PAGE_ROWS) break;
      after = tests[tests.length - 1]!.id;
    }
  }
  json.end();
}

/**
 * search-console.json: the person's own connection (never its tokens) and the property each of
 * their channels shows, with whether it is read through their connection.
 */
async function writeSearchConsole(
  db: Db,
  archive: ArchiveWriter,
  list: ExportChannel[],
  userId: string,
): Promise<void> {
  const [grant] = await db
    .select({
      connectedAt: searchConsoleGrants.connectedAt,
      scopes: searchConsoleGrants.scopes,
      needsReconnect: searchConsoleGrants.needsReconnect,
      updatedAt: searchConsoleGrants.updatedAt,
    })
    .from(searchConsoleGrants)
    .where(eq(searchConsoleGrants.userId, userId));
  const ids = list.map((c) => c.id);
  const properties = ids.length
    ? await db
        .select({
          channelId: channelSearchConsole.channelId,
          siteUrl: channelSearchConsole.siteUrl,
          chosenAt: channelSearchConsole.chosenAt,
          chosenByYou: sql<boolean>`${channelSearchConsole.userId} = ${userId}::uuid`,
        })
        .from(channelSearchConsole)
        .where(inArray(channelSearchConsole.channelId, ids))
    : [];
  const order = new Map(ids.map((id, i) => [id, i]));
  archive.json('search-console.json', {
    connection: grant
      ? {
          connectedAt: grant.connectedAt,
          scopes: grant.scopes.split(' ').filter(Boolean),
          needsReconnect: grant.needsReconnect,
          updatedAt: grant.updatedAt,
        }
      : null,
    channelProperties: properties.sort(
      (a, b) => (order.get(a.channelId) ?? 0) - (order.get(b.channelId) ?? 0),
    ),
  });
}

/** Folders, saved ideas (JSON and CSV), scripts and their versions. */
async function writeIdeas(db: Db, archive: ArchiveWriter, list: ExportChannel[]): Promise<void> {
  const folderNames = new Map<string, string>();
  const folders = archive.jsonArray('idea-folders.json');
  for (const channel of list) {
    const rows = await db
      .select({
        id: ideaFolders.id,
        name: ideaFolders.name,
        isDefault: ideaFolders.isDefault,
        createdAt: ideaFolders.createdAt,
      })
      .from(ideaFolders)
      .where(eq(ideaFolders.channelId, channel.id))
      .orderBy(asc(ideaFolders.createdAt), asc(ideaFolders.id));
    for (const row of rows) {
      folderNames.set(row.id, row.name);
      folders.add({ channelId: channel.id, ...row });
    }
  }
  folders.end();

  const read = (channelId: string) =>
    pages((after: { id: string } | null) =>
      db
        .select({
          id: savedIdeas.id,
          folderId: savedIdeas.folderId,
          phrase: savedIdeas.phrase,
          languageId: savedIdeas.languageId,
          volume: savedIdeas.volume,
          competition: savedIdeas.competition,
          opportunity: savedIdeas.opportunity,
          reason: savedIdeas.reason,
          savedByName: savedIdeas.savedByName,
          savedAt: savedIdeas.savedAt,
        })
        .from(savedIdeas)
        .where(
          and(eq(savedIdeas.channelId, channelId), after ? gt(savedIdeas.id, after.id) : undefined),
        )
        .orderBy(asc(savedIdeas.id))
        .limit(EXPORT_PAGE_ROWS),
    );
  const json = archive.jsonArray('saved-ideas.json');
  for (const channel of list) {
    for await (const row of read(channel.id)) json.add({ channelId: channel.id, ...row });
  }
  json.end();
  const csv = archive.csv('saved-ideas.csv', [
    'Channel',
    'Folder',
    'Idea',
    'Language',
    'Monthly searches',
    'Competition',
    'Opportunity',
    'Why',
    'Saved by',
    'Saved',
  ]);
  for (const channel of list) {
    for await (const i of read(channel.id)) {
      csv.add([
        channel.name,
        folderNames.get(i.folderId) ?? '',
        i.phrase,
        i.languageId,
        i.volume,
        i.competition,
        i.opportunity,
        i.reason,
        i.savedByName,
        i.savedAt,
      ]);
    }
  }
  csv.end();

  const scripts = archive.jsonArray('scripts.json');
  for (const channel of list) {
    for await (const row of pages((after: { savedIdeaId: string } | null) =>
      db
        .select({
          savedIdeaId: videoScripts.savedIdeaId,
          idea: savedIdeas.phrase,
          content: videoScripts.content,
          revision: videoScripts.revision,
          updatedByName: videoScripts.updatedByName,
          updatedAt: videoScripts.updatedAt,
        })
        .from(videoScripts)
        .innerJoin(savedIdeas, eq(savedIdeas.id, videoScripts.savedIdeaId))
        .where(
          and(
            eq(savedIdeas.channelId, channel.id),
            after ? gt(videoScripts.savedIdeaId, after.savedIdeaId) : undefined,
          ),
        )
        .orderBy(asc(videoScripts.savedIdeaId))
        .limit(EXPORT_PAGE_ROWS),
    ))
      scripts.add({ channelId: channel.id, ...row });
  }
  scripts.end();

  const versions = archive.jsonArray('script-versions.json');
  for (const channel of list) {
    for await (const row of pages((after: { savedIdeaId: string; revision: number } | null) =>
      db
        .select({
          savedIdeaId: videoScriptVersions.savedIdeaId,
          revision: videoScriptVersions.revision,
          content: videoScriptVersions.content,
          updatedByName: videoScriptVersions.updatedByName,
          updatedAt: videoScriptVersions.updatedAt,
        })
        .from(videoScriptVersions)
        .innerJoin(savedIdeas, eq(savedIdeas.id, videoScriptVersions.savedIdeaId))
        .where(
          and(
            eq(savedIdeas.channelId, channel.id),
            after
              ? sql`(${videoScriptVersions.savedIdeaId}, ${videoScriptVersions.revision}) > (${after.savedIdeaId}::uuid, ${after.revision})`
              : undefined,
          ),
        )
        .orderBy(asc(videoScriptVersions.savedIdeaId), asc(videoScriptVersions.revision))
        .limit(EXPORT_PAGE_ROWS),
    ))
      versions.add({ channelId: channel.id, ...row });
  }
  versions.end();
}

/** Tracked keywords with their latest rank, and the whole rank history (JSON and CSV). */
async function writeRankings(db: Db, archive: ArchiveWriter, list: ExportChannel[]): Promise<void> {
  const readKeywords = (channelId: string) =>
    pages((after: { id: string } | null) =>
      db
        .select({
          id: trackedKeywords.id,
          keyword: trackedKeywords.keyword,
          language: trackedKeywords.language,
          createdAt: trackedKeywords.createdAt,
          latestDay: sql<string | null>`(select ${keywordRanks.day} from ${keywordRanks}
            where ${keywordRanks.channelId} = ${trackedKeywords.channelId}
              and ${keywordRanks.keyword} = ${trackedKeywords.keyword}
              and ${keywordRanks.language} = ${trackedKeywords.language}
            order by ${keywordRanks.day} desc limit 1)`,
          latestPosition: sql<number | null>`(select ${keywordRanks.position} from ${keywordRanks}
            where ${keywordRanks.channelId} = ${trackedKeywords.channelId}
              and ${keywordRanks.keyword} = ${trackedKeywords.keyword}
              and ${keywordRanks.language} = ${trackedKeywords.language}
            order by ${keywordRanks.day} desc limit 1)`,
        })
        .from(trackedKeywords)
        .where(
          and(
            eq(trackedKeywords.channelId, channelId),
            after ? gt(trackedKeywords.id, after.id) : undefined,
          ),
        )
        .orderBy(asc(trackedKeywords.id))
        .limit(EXPORT_PAGE_ROWS),
    );
  const json = archive.jsonArray('tracked-keywords.json');
  for (const channel of list) {
    for await (const row of readKeywords(channel.id)) json.add({ channelId: channel.id, ...row });
  }
  json.end();
  const csv = archive.csv('tracked-keywords.csv', [
    'Channel',
    'Keyword',
    'Language',
    'Tracked since',
    'Latest check',
    'Latest position',
  ]);
  for (const channel of list) {
    for await (const k of readKeywords(channel.id)) {
      csv.add([
        channel.name,
        k.keyword,
        k.language,
        k.createdAt,
        k.latestDay,
        k.latestDay ? (k.latestPosition ?? 'not ranked') : null,
      ]);
    }
  }
  csv.end();

  type Rank = { keyword: string; language: string; day: string; position: number | null };
  const readRanks = (channelId: string) =>
    pages((after: Rank | null) =>
      db
        .select({
          keyword: keywordRanks.keyword,
          language: keywordRanks.language,
          day: keywordRanks.day,
          position: keywordRanks.position,
          videoYoutubeId: keywordRanks.videoId,
        })
        .from(keywordRanks)
        .where(
          and(
            eq(keywordRanks.channelId, channelId),
            after
              ? sql`(${keywordRanks.keyword}, ${keywordRanks.language}, ${keywordRanks.day}) > (${after.keyword}, ${after.language}, ${after.day}::date)`
              : undefined,
          ),
        )
        .orderBy(asc(keywordRanks.keyword), asc(keywordRanks.language), asc(keywordRanks.day))
        .limit(EXPORT_PAGE_ROWS),
    );
  const ranks = archive.jsonArray('keyword-ranks.json');
  for (const channel of list) {
    for await (const row of readRanks(channel.id)) ranks.add({ channelId: channel.id, ...row });
  }
  ranks.end();
  const ranksCsv = archive.csv('keyword-ranks.csv', [
    'Channel',
    'Keyword',
    'Language',
    'Day',
    'Position',
    'Ranking video',
  ]);
  for (const channel of list) {
    for await (const r of readRanks(channel.id)) {
      ranksCsv.add([
        channel.name,
        r.keyword,
        r.language,
        r.day,
        r.position ?? 'not ranked',
        r.videoYoutubeId,
      ]);
    }
  }
  ranksCsv.end();
}
