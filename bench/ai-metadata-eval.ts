/**
 * AI metadata quality eval (figures, not a test): writes titles and a description for 200 videos
 * of the emulator's demo corpus through the product's own path (AiMetadataService.generate →
 * the job → the prompt → the model at LLM_BASE_URL, by default the emulator's deterministic
 * generator, named in the report) and prints:
 *
 * - the average optimisation level before and after applying the suggestions (the first title
 *   and the description, judged by the same rules as the editor; target ≥ 85 after), and the
 *   share of the title and description tips that pass (what the AI writes can fix only those);
 * - hard-limit violations of everything offered (target 0);
 * - titles containing the search term (target 100%);
 * - descriptions in the video's language (tinyld; target 100%);
 * - tokens per generation (prompt and completion).
 *
 * Each video's search term is what a person would pick without help: its first tag that shares
 * a word with its title, else the title's first three words. Run: `node bench/ai-metadata-eval.ts`
 * (AI_EVAL_VIDEOS=<n> for a smaller run; LLM_BASE_URL, LLM_API_KEY and LLM_MODEL for a real model).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { detect } from 'tinyld';
import { compose, DEMO_CHANNEL_IDS, loadConfig } from '@tubewise/api';
import { hardLimitErrors } from '@tubewise/recommendations';
import type { AiGeneration } from '@tubewise/contract';
// Not part of @tubewise/api's public surface: the tables and the scoring the editor uses.
import { videos } from '../apps/api/src/db/schema/index.ts';
import { ruleInputOf, scoreVideo } from '../apps/api/src/modules/optimization/scoring.ts';
import { connectEmulatedChannel, freePort, syncNow } from './channel.ts';

const VIDEOS = Number(process.env.AI_EVAL_VIDEOS) || 200;
const CONCURRENCY = 4;
const MAX_VIDEO_SECONDS = 45 * 60;
const EVAL_USER = {
  email: 'ai-eval@tubewise.local',
  password: 'eval-passphrase-4711',
  name: 'AI eval',
};
const TITLE_DESCRIPTION_GROUPS = new Set(['title', 'description']);

interface VideoResult {
  levelBefore: number;
  levelAfter: number;
  /** Title and description tips passing, before and after (of those applicable). */
  textTipsBefore: [number, number];
  textTipsAfter: [number, number];
  violations: number;
  titles: number;
  titlesWithTerm: number;
  languageKnown: boolean;
  languageMatches: boolean;
  promptTokens: number;
  completionTokens: number;
  status: AiGeneration['status'];
  /** Whether captions went into the prompt (and why not). */
  captions: AiGeneration['inputs']['captions'];
  /** Types of the applicable tips still failing after. */
  failingAfter: string[];
}

/** The term a person would pick without help (see the header). */
function searchTermOf(video: { title: string; tags: string[] }): string {
  const titleWords = new Set(video.title.toLowerCase().match(/\p{L}+/gu) ?? []);
  const tag = video.tags.find((t) =>
    (t.toLowerCase().match(/\p{L}+/gu) ?? []).some((w) => titleWords.has(w)),
  );
  if (tag) return tag.toLowerCase().trim();
  return (video.title.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []).slice(0, 3).join(' ');
}

async function main(): Promise<void> {
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tw-ai-eval-'));
  const port = await freePort();
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    AI_GENERATIONS_PER_MONTH: String(VIDEOS * 2),
  });
  const composition = await compose(config, {
    jobs: false,
    logger: pino({ level: 'warn' }),
    webDist: path.join(dataDir, 'no-web'),
  });
  try {
    await composition.app!.listen({ port, host: '127.0.0.1' });
    const { aiMetadata, optimization } = composition.services;
    const db = composition.database.db;
    // The demo channels, connected and synced until there are enough eligible videos.
    const picked: { userId: string; channelId: string; videoId: string }[] = [];
    let tooLong = 0;
    for (const youtubeId of DEMO_CHANNEL_IDS) {
      if (picked.length >= VIDEOS) break;
      const { userId, channelId } = await connectEmulatedChannel(composition, EVAL_USER, youtubeId);
      await syncNow(composition, channelId);
      const rows = await db
        .select({ youtubeId: videos.youtubeId, durationSeconds: videos.durationSeconds })
        .from(videos)
        .where(eq(videos.channelId, channelId))
        .orderBy(asc(videos.youtubeId));
      for (const row of rows) {
        if (picked.length >= VIDEOS) break;
        if ((row.durationSeconds ?? 0) > MAX_VIDEO_SECONDS) {
          tooLong++;
          continue;
        }
        picked.push({ userId, channelId, videoId: row.youtubeId });
      }
    }
    console.log(
      `AI metadata eval: ${picked.length} videos of ${DEMO_CHANNEL_IDS.length} demo channels ` +
        `(${tooLong} longer than 45 minutes skipped), model ${config.llm.model} at ` +
        `${config.llm.usesEmulator ? 'the built-in emulator (deterministic generator)' : config.llm.baseUrl}`,
    );

    const results: VideoResult[] = [];
    let next = 0;
    let failed = 0;
    const worker = async () => {
      while (next < picked.length) {
        const item = picked[next++]!;
        const result = await evaluate(item).catch((error: unknown) => {
          failed++;
          console.error(`  ${item.videoId}: ${String(error)}`);
          return null;
        });
        if (result) results.push(result);
        if ((results.length + failed) % 25 === 0) {
          console.log(`  … ${results.length + failed}/${picked.length}`);
        }
      }
    };

    async function evaluate(item: (typeof picked)[number]): Promise<VideoResult> {
      const row = (await db.query.videos.findFirst({
        where: and(eq(videos.channelId, item.channelId), eq(videos.youtubeId, item.videoId)),
      }))!;
      const term = searchTermOf(row);
      const before = await optimization.setSearchTerm(item.channelId, item.videoId, term);
      await aiMetadata.generate(item.userId, item.channelId, item.videoId, term);
      let generation: AiGeneration | null = null;
      for (let i = 0; i < 6000; i++) {
        generation = await aiMetadata.latest(item.channelId, item.videoId);
        if (generation?.status === 'done' || generation?.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (!generation || generation.status !== 'done') {
        throw new Error(
          `generation ${generation?.status ?? 'missing'}: ${generation?.error?.message ?? ''}`,
        );
      }
      const video = (await db.query.videos.findFirst({
        where: and(eq(videos.channelId, item.channelId), eq(videos.youtubeId, item.videoId)),
      }))!;
      const playlistCount = await optimization.playlistCount(item.channelId, item.videoId);
      const title = generation.titles[0]!.text;
      const description = generation.description!.text;
      const after = scoreVideo(
        ruleInputOf(video, playlistCount, { title, description }),
        video.ignoredTips,
        before.keyword,
        before.position,
      );
      const textTips = (tips: typeof after.tips): [number, number] => {
        const counted = tips.filter(
          (t) => t.applicable && !t.ignored && TITLE_DESCRIPTION_GROUPS.has(t.group),
        );
        return [counted.filter((t) => t.passed).length, counted.length];
      };
      const violations =
        generation.titles.filter(
          (t) => hardLimitErrors({ title: t.text, description: '', tags: [] }).length,
        ).length + (hardLimitErrors({ title: 'x', description, tags: [] }).length ? 1 : 0);
      const wanted = (video.defaultLanguage ?? video.defaultAudioLanguage ?? '').split('-')[0]!;
      const detected = detect(description);
      return {
        levelBefore: before.level,
        levelAfter: after.level,
        textTipsBefore: textTips(before.tips as typeof after.tips),
        textTipsAfter: textTips(after.tips),
        violations,
        titles: generation.titles.length,
        titlesWithTerm: generation.titles.filter((t) => t.text.toLowerCase().includes(term)).length,
        languageKnown: Boolean(wanted),
        languageMatches: Boolean(wanted) && detected === wanted,
        promptTokens: generation.tokens?.prompt ?? 0,
        completionTokens: generation.tokens?.completion ?? 0,
        status: generation.status,
        captions: generation.inputs.captions,
        failingAfter: after.tips
          .filter((t) => t.applicable && !t.ignored && !t.passed)
          .map((t) => `${t.group}: ${t.label}`),
      };
    }

    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    report(results, failed, (performance.now() - started) / 1000);
  } finally {
    await composition.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const countBy = (xs: string[]) => {
  const counts = new Map<string, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return counts;
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => (xs.length ? sum(xs) / xs.length : 0);
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
};

function report(results: VideoResult[], failed: number, seconds: number): void {
  const before = mean(results.map((r) => r.levelBefore));
  const after = mean(results.map((r) => r.levelAfter));
  const textBefore = results.map((r) => r.textTipsBefore);
  const textAfter = results.map((r) => r.textTipsAfter);
  const titles = sum(results.map((r) => r.titles));
  const withTerm = sum(results.map((r) => r.titlesWithTerm));
  const known = results.filter((r) => r.languageKnown);
  const tokens = results.map((r) => r.promptTokens + r.completionTokens);
  const rows: [string, string, string][] = [
    ['generations done', `${results.length} (${failed} failed)`, ''],
    ['optimisation level before', before.toFixed(1), ''],
    [
      'optimisation level after',
      after.toFixed(1),
      `target ≥ 85: ${after >= 85 ? 'met' : 'NOT met'}`,
    ],
    [
      'title+description tips passing',
      `${pct(sum(textBefore.map((x) => x[0])), sum(textBefore.map((x) => x[1])))} → ${pct(sum(textAfter.map((x) => x[0])), sum(textAfter.map((x) => x[1])))}`,
      'the part of the level the AI writes',
    ],
    ['hard-limit violations', String(sum(results.map((r) => r.violations))), 'target 0'],
    [
      'titles containing the search term',
      pct(withTerm, titles),
      `${withTerm}/${titles}; target 100%`,
    ],
    [
      'description in the video language',
      pct(known.filter((r) => r.languageMatches).length, known.length),
      `${known.length} videos with a language; target 100%`,
    ],
    [
      'tokens per generation',
      `mean ${Math.round(mean(tokens))}, median ${median(tokens)}`,
      `prompt ${Math.round(mean(results.map((r) => r.promptTokens)))} + completion ${Math.round(mean(results.map((r) => r.completionTokens)))}`,
    ],
    [
      'captions in the prompt',
      [...countBy(results.map((r) => r.captions))].map(([k, n]) => `${k} ${n}`).join(', '),
      'at most CHANNEL_DAILY_UNIT_BUDGET / 250 caption reads per channel a day',
    ],
    ['wall time', `${seconds.toFixed(1)} s`, `${CONCURRENCY} at a time`],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  for (const [name, value, note] of rows) {
    console.log(`  ${name.padEnd(width)}  ${value.padEnd(24)}  ${note}`);
  }
  const failing = new Map<string, number>();
  for (const r of results)
    for (const tip of r.failingAfter) failing.set(tip, (failing.get(tip) ?? 0) + 1);
  console.log('  tips still failing after, by videos:');
  for (const [tip, n] of [...failing].sort((a, b) => b[1] - a[1])) {
    console.log(`    ${String(n).padStart(4)}  ${tip}`);
  }
}

await main();
