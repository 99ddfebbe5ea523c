// The emulator's deterministic "model": it reads the <video_data> block of a prompt and writes
// titles and a description the way a careful model follows the prompt's guidelines, using only
// what the data gives it (the video's own text, captions, related keywords, the ranking videos'
// tags, the channel's statement and tone). Same data, same answer. The data is data: lines that
// read like instructions to a model are skipped, and nothing in it changes the answer's format
// or limits. Pure: no I/O, no clock, no Math.random.
import { createRandom, hashString, type Random } from './prng.ts';
import { FORMAL_TONE, languagePack, type LanguagePack, type Register } from './llm-languages.ts';

/** The guidelines the prompt gives (the product's targets and the platform's limits). */
export interface Guidelines {
  titles: [number, number];
  titleMinChars: number;
  titleMaxChars: number;
  titleHardMaxChars: number;
  descriptionMinWords: number;
  descriptionMaxBytes: number;
  termWithinChars: number;
  termMentions: [number, number];
  hashtags: [number, number];
  chaptersMinVideoSeconds: number;
}

/** What the prompt's data block holds, after defaults for anything missing or malformed. */
export interface VideoData {
  searchTerm: string | null;
  language: string;
  video: { title: string; description: string; tags: string[]; durationSeconds: number | null };
  /** Lines like "[00:01:23] text", or null. */
  captions: string | null;
  relatedKeywords: { keyword: string; volume: number | null }[];
  rankingVideos: { title: string; tags: string[] }[];
  rankingTags: string[];
  channel: {
    companyName: string;
    eeatStatement: string;
    toneOfVoice: string;
    industries: string[];
    topics: string[];
  };
  guidelines: Guidelines;
}

/** The answer: the JSON object of the response schema. */
export interface GeneratedMetadata {
  titles: string[];
  description: string;
}

/** The guidelines when the block gives none (the values the product sends). */
export const DEFAULT_GUIDELINES: Guidelines = {
  titles: [3, 5],
  titleMinChars: 40,
  titleMaxChars: 70,
  titleHardMaxChars: 100,
  descriptionMinWords: 250,
  descriptionMaxBytes: 5000,
  termWithinChars: 150,
  termMentions: [2, 4],
  hashtags: [1, 3],
  chaptersMinVideoSeconds: 300,
};

// ---- reading the data block ----

const BLOCK_OPEN = '<video_data>';
const BLOCK_CLOSE = '</video_data>';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asString = (value: unknown, max = 20_000): string =>
  typeof value === 'string' ? value.slice(0, max) : '';
const asStrings = (value: unknown, count = 100, max = 500): string[] =>
  Array.isArray(value)
    ? value
        .filter((v): v is string => typeof v === 'string')
        .slice(0, count)
        .map((v) => v.slice(0, max))
    : [];
const asNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const clampInt = (value: unknown, min: number, max: number, fallback: number): number => {
  const n = asNumber(value);
  return n === null ? fallback : Math.min(max, Math.max(min, Math.round(n)));
};
const pair = (value: unknown, min: number, max: number, fallback: [number, number]) => {
  if (!Array.isArray(value) || value.length !== 2) return fallback;
  const low = clampInt(value[0], min, max, fallback[0]);
  const high = clampInt(value[1], low, max, fallback[1]);
  return [low, high] as [number, number];
};

/** The guidelines of the block, kept within the platform's limits whatever they say. */
function readGuidelines(value: unknown): Guidelines {
  const g = isRecord(value) ? value : {};
  const d = DEFAULT_GUIDELINES;
  const hardMax = clampInt(g.titleHardMaxChars, 20, 100, d.titleHardMaxChars);
  const maxChars = clampInt(g.titleMaxChars, 10, hardMax, d.titleMaxChars);
  return {
    titles: pair(g.titles, 1, 10, d.titles),
    titleMinChars: clampInt(g.titleMinChars, 1, maxChars, d.titleMinChars),
    titleMaxChars: maxChars,
    titleHardMaxChars: hardMax,
    descriptionMinWords: clampInt(g.descriptionMinWords, 0, 600, d.descriptionMinWords),
    descriptionMaxBytes: clampInt(g.descriptionMaxBytes, 1000, 5000, d.descriptionMaxBytes),
    termWithinChars: clampInt(g.termWithinChars, 20, 5000, d.termWithinChars),
    termMentions: pair(g.termMentions, 1, 10, d.termMentions),
    hashtags: pair(g.hashtags, 0, 15, d.hashtags),
    chaptersMinVideoSeconds: clampInt(
      g.chaptersMinVideoSeconds,
      0,
      86_400,
      d.chaptersMinVideoSeconds,
    ),
  };
}

/** The normalised data of a parsed block. */
export function readVideoData(json: unknown): VideoData {
  const root = isRecord(json) ? json : {};
  const video = isRecord(root.video) ? root.video : {};
  const channel = isRecord(root.channel) ? root.channel : {};
  const term = asString(root.searchTerm, 200).trim();
  return {
    searchTerm: term === '' ? null : term,
    language: asString(root.language, 35).trim() || 'en',
    video: {
      title: asString(video.title, 1000),
      description: asString(video.description, 20_000),
      tags: asStrings(video.tags),
      durationSeconds: asNumber(video.durationSeconds),
    },
    captions: asString(root.captions, 100_000) || null,
    relatedKeywords: (Array.isArray(root.relatedKeywords) ? root.relatedKeywords : [])
      .filter(isRecord)
      .slice(0, 100)
      .map((k) => ({ keyword: asString(k.keyword, 200), volume: asNumber(k.volume) }))
      .filter((k) => k.keyword.trim() !== ''),
    rankingVideos: (Array.isArray(root.rankingVideos) ? root.rankingVideos : [])
      .filter(isRecord)
      .slice(0, 50)
      .map((v) => ({ title: asString(v.title, 300), tags: asStrings(v.tags) })),
    rankingTags: asStrings(root.rankingTags),
    channel: {
      companyName: asString(channel.companyName, 200),
      eeatStatement: asString(channel.eeatStatement, 5000),
      toneOfVoice: asString(channel.toneOfVoice, 2000),
      industries: asStrings(channel.industries, 20, 100),
      topics: asStrings(channel.topics, 20, 100),
    },
    guidelines: readGuidelines(root.guidelines),
  };
}

/**
 * The data block of a prompt (the last one, as the product sends one) and its raw text, or null
 * when there is none or its JSON does not parse.
 */
export function extractVideoData(text: string): { data: VideoData; raw: string } | null {
  const open = text.lastIndexOf(BLOCK_OPEN);
  if (open < 0) return null;
  const close = text.indexOf(BLOCK_CLOSE, open + BLOCK_OPEN.length);
  if (close < 0) return null;
  const raw = text.slice(open + BLOCK_OPEN.length, close);
  try {
    return { data: readVideoData(JSON.parse(raw)), raw };
  } catch {
    return null;
  }
}

// ---- text helpers (what a careful writer checks by eye) ----

const NO_SPACE_SCRIPTS =
  '\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\p{sc=Thai}\\p{sc=Lao}\\p{sc=Khmer}\\p{sc=Myanmar}';
const WORD_CHAR = `(?:(?![${NO_SPACE_SCRIPTS}])[\\p{L}\\p{M}\\p{N}_])`;
const WORD_CHAR_RE = new RegExp(`^${WORD_CHAR}$`, 'u');

/** A term's mentions: whole words, any case, any spacing between its words. */
function termRegExp(term: string): RegExp | null {
  const normalized = term.normalize('NFC').trim().replace(/\s+/gu, ' ');
  if (normalized === '') return null;
  const chars = [...normalized];
  const before = WORD_CHAR_RE.test(chars[0] ?? '') ? `(?<!${WORD_CHAR})` : '';
  const after = WORD_CHAR_RE.test(chars.at(-1) ?? '') ? `(?!${WORD_CHAR})` : '';
  const body = normalized
    .split(' ')
    .map((w) => w.replace(/[\\^$.*+?()[\]{}|/]/gu, '\\$&'))
    .join('\\s+');
  return new RegExp(`${before}${body}${after}`, 'giu');
}

/** How often a term is mentioned in a text. */
export function mentionCount(text: string, term: string | null): number {
  const re = term ? termRegExp(term) : null;
  return re ? [...text.normalize('NFC').matchAll(re)].length : 0;
}

const codePoints = (text: string): number => [...text].length;
const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
const WORD_RE =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]|[\p{L}\p{M}\p{N}_]+(?:['’-][\p{L}\p{M}\p{N}_]+)*/gu;
const wordCount = (text: string): number => [...text.matchAll(WORD_RE)].length;

/** Text without markup tags, angle brackets, control characters and runs of spaces. */
function clean(text: string): string {
  return text
    .normalize('NFC')
    .replace(/<\/?[A-Za-z][^<>]{0,200}>/gu, ' ')
    .replace(/[<>]/gu, '')
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Words of 4+ capitals written calmly ("BEST" → "Best"), so no title shouts. */
function calm(text: string): string {
  return text.replace(/[\p{L}\p{M}\p{N}_]+(?:['’-][\p{L}\p{M}\p{N}_]+)*/gu, (word) => {
    const letters = word.match(/\p{L}/gu) ?? [];
    const shouting = letters.length >= 4 && letters.every((l) => /\p{Lu}/u.test(l));
    return shouting ? word.charAt(0) + word.slice(1).toLowerCase() : word;
  });
}

/** A capital first letter when the first word is written all in small letters ("iPhone" stays). */
function capFirst(text: string): string {
  const first = text.match(/^\S+/u)?.[0] ?? '';
  if (first !== first.toLowerCase()) return text;
  const [head = '', ...rest] = [...text];
  const upper = head.toUpperCase();
  return upper.length === head.length && upper.toLowerCase() === head
    ? upper + rest.join('')
    : text;
}

/** Cuts a text at a word boundary to at most `max` code points. */
function cutWords(text: string, max: number): string {
  if (codePoints(text) <= max) return text;
  const cut = [...text].slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:–-]+$/u, '');
}

/** Words a title would shout with: 4+ letters, all capitals (at most what the phrase has). */
function shoutCount(text: string): number {
  let count = 0;
  for (const [word] of text.matchAll(/[\p{L}\p{M}\p{N}_]+(?:['’-][\p{L}\p{M}\p{N}_]+)*/gu)) {
    const letters = word.match(/\p{L}/gu) ?? [];
    if (letters.length >= 4 && letters.every((l) => /\p{Lu}/u.test(l))) count++;
  }
  return count;
}

const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/gu, (whole, key: string) => values[key] ?? whole);

function joinList(items: readonly string[], and: string): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}`;
}

/** Text that reads like instructions to a model rather than about the video: skipped. */
const INSTRUCTION_PATTERNS: readonly RegExp[] = [
  /\b(ignore|disregard|forget|override|bypass)\b[^.!?\n]{0,80}\b(instructions?|prompts?|rules|guidelines|above|previous|prior|system)\b/iu,
  /\b(system prompt|developer mode|jailbreak|as an ai|language model|prompt injection)\b/iu,
  /\byou are (now )?(an? |the )?(ai|assistant|chat ?bot|chatgpt|gpt|llm|model)\b/iu,
  /\b(respond|reply|answer|output)\b[^.!?\n]{0,30}\b(only|exactly|in json|with the (word|text|following))\b/iu,
  /\b(new|updated|real) instructions?\b/iu,
  /\b(ignorier\w*|vergiss|missachte\w*)\b[^.!?\n]{0,80}\b(anweisung\w*|regeln|prompt|vorgaben)\b/iu,
  /\b(ignora\w*|olvida\w*|oublie\w*|dimentica\w*|esquece\w*)\b[^.!?\n]{0,80}\b(instrucci\w*|instruction\w*|consignes?|istruzion\w*|instruç\w*|regras|reglas|règles|regole)\b/iu,
  /\b(negeer|vergeet)\b[^.!?\n]{0,80}\b(instructies|regels|prompt)\b/iu,
  /\[\/?(inst|sys)\]|<\|?\/?(system|assistant|user|im_start|im_end)\|?>|\b(system|assistant)\s*:/iu,
];

/** Whether a text reads like an instruction to a model. */
export function looksLikeInstruction(text: string): boolean {
  return INSTRUCTION_PATTERNS.some((re) => re.test(text));
}

const CHAPTER_LINE = /^\s*[[(]?(?:\d{1,2}:)?\d{1,2}:\d{2}[\])]?(?:\s|$|[-–—:|.])/u;
const CALL_TO_SUBSCRIBE =
  /\b(subscrib\w*|abonn\w*|suscr\w*|inscrev\w*|iscriv\w*|sub_confirmation|patreon|sponsor\w*)\b/iu;

/** The sentences of a video's own description a writer would keep: no links, chapters or hashtags. */
function ownSentences(description: string): string[] {
  const out: string[] = [];
  for (const rawLine of description.split(/\r\n|\r|\n/u)) {
    if (CHAPTER_LINE.test(rawLine) || /https?:\/\/|www\.|@\w+\.\w+/iu.test(rawLine)) continue;
    const line = clean(rawLine.replace(/(^|\s)#[\p{L}\p{M}\p{N}_]+/gu, '$1'));
    if (!/\p{L}/u.test(line) || CALL_TO_SUBSCRIBE.test(line)) continue;
    for (const sentence of line.split(/(?<=[.!?…])\s+/u)) {
      const words = wordCount(sentence);
      if (words >= 3 && words <= 45 && codePoints(sentence) <= 300) out.push(sentence);
    }
  }
  return out.filter((s) => !looksLikeInstruction(s));
}

/** A caption line. */
interface CaptionLine {
  seconds: number;
  text: string;
}

/** The caption lines: "[hh:mm:ss] text" or "[mm:ss] text", instructions left out. */
function captionLines(captions: string | null): CaptionLine[] {
  if (!captions) return [];
  const lines: CaptionLine[] = [];
  for (const raw of captions.split(/\r\n|\r|\n/u)) {
    const match = /^\s*\[(?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?:[.,]\d+)?\]\s*(.*)$/u.exec(raw);
    if (!match) continue;
    const [, h, m = '0', s = '0', text = ''] = match;
    if (Number(s) > 59 || (h !== undefined && Number(m) > 59)) continue;
    const line = clean(text);
    if (!/\p{L}/u.test(line) || looksLikeInstruction(line)) continue;
    lines.push({ seconds: Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s), text: line });
  }
  return lines.sort((a, b) => a.seconds - b.seconds);
}

/** A timestamp as descriptions write it: 0:05, 12:30, 1:02:03. */
function timestamp(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A hashtag from a phrase: its letters and digits run together, or null. */
function hashtagOf(phrase: string): string | null {
  const body = phrase
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_]+/gu, '');
  if (!/\p{L}/u.test(body) || codePoints(body) < 2 || codePoints(body) > 30) return null;
  return `#${body}`;
}

// ---- the phrase to write about ----

const containsPhrase = (text: string, phrase: string) => mentionCount(text, phrase) > 0;

/**
 * The phrase the video is most about, for when no search term is given: a tag its title
 * contains, else a related keyword its title contains, else the title's main part.
 */
export function mainPhrase(data: VideoData): string | null {
  const title = clean(data.video.title);
  const usable = (p: string) => {
    const c = clean(p);
    return c !== '' && codePoints(c) <= 60 && !looksLikeInstruction(c) && /\p{L}/u.test(c);
  };
  const tag = data.video.tags.find((t) => usable(t) && containsPhrase(title, clean(t)));
  if (tag) return clean(tag);
  const keyword = data.relatedKeywords.find(
    (k) => usable(k.keyword) && containsPhrase(title, clean(k.keyword)),
  );
  if (keyword) return clean(keyword.keyword);
  if (title && !looksLikeInstruction(title)) {
    const parts = title
      .replace(/\([^)]*\)|\[[^\]]*\]/gu, ' ')
      .split(/\s[|:–—-]\s|[|:]/u)
      .map((p) => clean(p.replace(/[!?.…,;]+/gu, ' ')))
      .filter((p) => /\p{L}/u.test(p));
    const longest = parts.sort((a, b) => codePoints(b) - codePoints(a))[0];
    if (longest) return calm(cutWords(longest, 50));
  }
  const firstTag = data.video.tags.find(usable);
  return firstTag ? clean(firstTag) : null;
}

// ---- titles ----

interface TitlePlan {
  phrase: string | null;
  keywordHeads: string[];
  keywordPhrases: string[];
  minutes: number | null;
}

function writeTitles(plan: TitlePlan, pack: LanguagePack, rand: Random, g: Guidelines): string[] {
  const [minCount, maxCount] = g.titles;
  const want = Math.max(minCount, Math.min(maxCount, rand.int(4, 5)));
  if (!plan.phrase) return pack.genericTitles.slice(0, Math.max(minCount, 3));
  const phrase = plan.phrase;
  const shoutingAllowed = shoutCount(phrase);
  const phraseRe = termRegExp(phrase);
  const good = (title: string) => {
    const normalized = title.normalize('NFC');
    const length = codePoints(normalized);
    if (length < g.titleMinChars || length > g.titleMaxChars) return false;
    if (!phraseRe || mentionCount(normalized, phrase) !== 1 || /[<>]/u.test(title)) return false;
    const start = normalized.search(phraseRe);
    if (start < 0 || codePoints(normalized.slice(0, start)) >= length / 2) return false;
    return shoutCount(title) <= shoutingAllowed;
  };
  const head = capFirst(phrase);
  const keywordTails = plan.keywordPhrases.flatMap((kw, i) =>
    pack.titleKeywordTails[i % pack.titleKeywordTails.length]
      ? [fill(pack.titleKeywordTails[i % pack.titleKeywordTails.length]!, { kw })]
      : [],
  );
  const minutesTail =
    plan.minutes !== null ? [fill(pack.titleMinutesTail, { n: String(plan.minutes) })] : [];
  const longTails = rand.sample(pack.titleTails, pack.titleTails.length);
  const shortTails = rand.sample(pack.titleShortTails, pack.titleShortTails.length);
  const separators = [': ', ' – ', ' | '];
  const candidates: { title: string; tail: string; head: string }[] = [];
  let sep = 0;
  const add = (h: string, tail: string) =>
    candidates.push({
      title: `${h}${separators[sep++ % separators.length]}${tail}`,
      tail,
      head: h,
    });
  for (const kwHead of plan.keywordHeads)
    for (const tail of [...longTails, ...shortTails]) add(kwHead, tail);
  for (const tail of [...keywordTails, ...minutesTail, ...longTails, ...shortTails])
    add(head, tail);
  for (const long of longTails)
    for (const short of shortTails)
      candidates.push({ title: `${head}: ${long}, ${short}`, tail: `${long}+${short}`, head });
  for (const a of shortTails)
    for (const b of shortTails)
      if (a !== b) candidates.push({ title: `${head}: ${a}, ${b}`, tail: `${a}+${b}`, head });

  const titles: string[] = [];
  const seen = new Set<string>();
  const usedTails = new Set<string>();
  const usedHeads = new Set<string>();
  for (const candidate of candidates) {
    if (titles.length >= want) break;
    const key = candidate.title.toLowerCase();
    if (seen.has(key) || usedTails.has(candidate.tail) || !good(candidate.title)) continue;
    // One title per keyword head, so the set does not repeat one phrase.
    if (candidate.head !== head && usedHeads.has(candidate.head)) continue;
    seen.add(key);
    usedTails.add(candidate.tail);
    usedHeads.add(candidate.head);
    titles.push(candidate.title);
  }
  if (titles.length < minCount) {
    // The phrase is too long for the target length: keep it whole where the hard limit allows.
    const hard = g.titleHardMaxChars;
    const fallbacks = [
      head,
      ...shortTails.map((t) => `${head}: ${t}`),
      ...longTails.map((t) => `${head}: ${t}`),
    ]
      .map((t) => cutWords(t, hard))
      .sort(
        (a, b) =>
          Math.abs(codePoints(a) - g.titleMaxChars) - Math.abs(codePoints(b) - g.titleMaxChars),
      );
    for (const title of fallbacks) {
      if (titles.length >= minCount) break;
      if (seen.has(title.toLowerCase()) || title === '') continue;
      seen.add(title.toLowerCase());
      titles.push(title);
    }
    for (const generic of pack.genericTitles) if (titles.length < minCount) titles.push(generic);
  }
  return titles.map((t) => cutWords(clean(t), g.titleHardMaxChars));
}

// ---- chapters ----

const STRONG_MARKER =
  /^(next up|up next|next|let'?s move on to|moving on|als nächstes|a continuación|ensuite|a seguir|adesso|dan nu)\b\s*[:,–-]?\s*/iu;
const LEAD_WORDS =
  /^((ok(ay)?|so|now|and|first|then|finally|also|jetzt|nun|und|zuerst|dann|ahora|primero|luego|maintenant|puis|enfin|agora|depois|ora|poi|nu|eerst|daarna)\b[\s,:–-]*)+/iu;

/** A chapter name from a caption line: its first words, without lead-ins or end punctuation. */
function chapterName(text: string): string {
  const stripped = text.replace(STRONG_MARKER, '').replace(LEAD_WORDS, '');
  const words = stripped.split(/\s+/u).slice(0, 6).join(' ');
  return capFirst(
    calm(cutWords(words, 45))
      .replace(/[\s,;:.!?…–-]+$/u, '')
      .replace(/^[^\p{L}\p{N}]+/u, ''),
  );
}

/**
 * Chapters from the caption times (never invented): the lines that open a new part where the
 * speaker says so, otherwise lines spread over the transcript; none unless at least 3 fit the
 * platform's rules (first at 0:00, each at least 10 s, the last 10 s before the end).
 */
function writeChapters(
  lines: CaptionLine[],
  durationSeconds: number,
  phrase: string | null,
  pack: LanguagePack,
): string[] {
  const usable = lines.filter((l) => l.seconds >= 10 && l.seconds <= durationSeconds - 10);
  const build = (chosen: CaptionLine[]) => {
    const out: { seconds: number; text: string }[] = [{ seconds: 0, text: '' }];
    for (const line of chosen) {
      if (out.length >= 10) break;
      if (line.seconds - out.at(-1)!.seconds >= 10) out.push(line);
    }
    return out;
  };
  let chapters = build(usable.filter((l) => STRONG_MARKER.test(l.text)));
  if (chapters.length < 3) {
    const end = Math.max(...usable.map((l) => l.seconds), 0);
    const count = Math.min(8, Math.max(3, Math.round(durationSeconds / 300)));
    const picked = new Set<CaptionLine>();
    for (let k = 1; k < count; k++) {
      const target = (end * k) / (count - 1);
      let best: CaptionLine | undefined;
      for (const line of usable)
        if (
          !picked.has(line) &&
          (!best || Math.abs(line.seconds - target) < Math.abs(best.seconds - target))
        )
          best = line;
      if (best) picked.add(best);
    }
    chapters = build([...picked].sort((a, b) => a.seconds - b.seconds));
  }
  if (chapters.length < 3) return [];
  return chapters.map((chapter, i) => {
    let name = i === 0 ? pack.introChapter : chapterName(chapter.text);
    if (!/\p{L}/u.test(name) || mentionCount(name, phrase) > 0)
      name = fill(pack.partChapter, { n: String(i + 1) });
    return `${timestamp(chapter.seconds)} ${name}`;
  });
}

// ---- the description ----

const GREETING =
  /\b(welcome|willkommen|bienvenid\w*|bienvenue|bem-vind\w*|benvenut\w*|welkom|thanks for watching|see you|bis zum nächsten|nos vemos|à la prochaine|até ao próximo|ci vediamo|tot de volgende)\b/iu;

/** Sentences of the transcript that say what the video covers, in the order they are said. */
function summarise(lines: CaptionLine[], phrase: string | null, context: string[]): string[] {
  const text = lines.map((l) => l.text).join(' ');
  const contextWords = new Set(context.flatMap((c) => c.toLowerCase().match(/\p{L}{4,}/gu) ?? []));
  const seen = new Set<string>();
  const scored = text
    .split(/(?<=[.!?…])\s+/u)
    .map((sentence, index) => ({ sentence: sentence.trim(), index }))
    .filter(({ sentence }) => {
      const words = wordCount(sentence);
      const key = sentence.toLowerCase();
      if (words < 5 || words > 30 || seen.has(key)) return false;
      seen.add(key);
      return (
        !GREETING.test(sentence) &&
        !CALL_TO_SUBSCRIBE.test(sentence) &&
        !STRONG_MARKER.test(sentence) &&
        mentionCount(sentence, phrase) === 0 &&
        !/^\p{Ll}/u.test(sentence)
      );
    })
    .map((s) => ({
      ...s,
      score:
        (s.sentence.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => contextWords.has(w))
          .length *
          3 +
        Math.min(wordCount(s.sentence), 20),
    }));
  return scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 5)
    .sort((a, b) => a.index - b.index)
    .map((s) => s.sentence);
}

/** One sentence with the phrase exactly once (the first template that manages it). */
function withPhrase(templates: readonly string[], phrase: string, rand: Random): string {
  const order = rand.sample(templates, templates.length);
  for (const template of order) {
    const text = fill(template, { term: phrase, Term: capFirst(phrase) });
    if (mentionCount(text, phrase) === 1) return text;
  }
  return `${capFirst(phrase)}.`;
}

interface DescriptionPlan {
  phrase: string | null;
  own: string[];
  summary: string[];
  keywords: string[];
  vocabulary: string[];
  company: string;
  statement: string[];
  topics: string[];
  register: Register;
  chapters: string[];
  hashtags: string[];
}

function writeDescription(
  plan: DescriptionPlan,
  pack: LanguagePack,
  rand: Random,
  g: Guidelines,
): string {
  const { phrase } = plan;
  const [, maxMentions] = g.termMentions;
  const intro = phrase ? withPhrase(pack.intro, phrase, rand) : pack.genericIntro;
  let middle = phrase ? withPhrase(pack.middle, phrase, rand) : '';
  const closing = phrase ? withPhrase(pack.closing, phrase, rand) : '';
  const fillers = rand
    .sample(pack.fillers, pack.fillers.length)
    .filter((f) => mentionCount(f, phrase) === 0);
  const state = {
    own: plan.own.slice(0, 2),
    summary: plan.summary,
    fillers: [] as string[],
    keywords:
      plan.keywords.length > 0
        ? fill(rand.pick(pack.keywords), { list: joinList(plan.keywords, pack.and) })
        : '',
    vocabulary:
      plan.vocabulary.length > 0
        ? fill(rand.pick(pack.vocabulary), { list: joinList(plan.vocabulary, pack.and) })
        : '',
    statement: plan.statement,
    topics:
      plan.topics.length > 0
        ? fill(plan.company ? pack.topicsOf : pack.topics, {
            company: plan.company,
            list: joinList(plan.topics, pack.and),
          })
        : '',
    chapters: plan.chapters,
    hashtags: plan.hashtags,
  };
  const ctas = pack.cta[plan.register].filter((c) => mentionCount(c, phrase) === 0);
  const cta = ctas.length > 0 ? rand.pick(ctas) : '';
  /** Drops the last item of a part (all chapters, which come at least 3 or not at all). */
  const drop = (part: 'own' | 'summary' | 'fillers' | 'statement' | 'chapters'): boolean => {
    if (state[part].length === 0) return false;
    state[part] = part === 'chapters' ? [] : state[part].slice(0, -1);
    return true;
  };
  /** Clears a one-sentence part; false when it is empty. */
  const clear = (part: 'keywords' | 'vocabulary' | 'topics'): boolean => {
    if (state[part] === '') return false;
    state[part] = '';
    return true;
  };
  const render = (): string => {
    const about = plan.company
      ? state.statement.length > 0
        ? `${fill(pack.about, { company: plan.company })} ${state.statement.join(' ')}`
        : fill(pack.madeBy, { company: plan.company })
      : state.statement.join(' ');
    const paragraphs = [
      [intro, ...state.own].join(' '),
      state.summary.length > 0
        ? [pack.summaryHeading, ...state.summary.map((s) => `- ${s}`)].join('\n')
        : '',
      [middle, ...state.fillers].filter(Boolean).join(' '),
      [state.keywords, state.vocabulary].filter(Boolean).join(' '),
      [about, state.topics].filter(Boolean).join(' '),
      state.chapters.length > 0 ? [pack.chaptersHeading, ...state.chapters].join('\n') : '',
      [closing, cta].filter(Boolean).join(' '),
      state.hashtags.join(' '),
    ];
    return paragraphs.filter((p) => p.trim() !== '').join('\n\n');
  };
  // Filled out to the length asked for, with a margin.
  const target = g.descriptionMinWords + 15;
  for (const filler of fillers) {
    if (wordCount(render()) >= target) break;
    state.fillers.push(filler);
  }
  // Within the byte limit: borrowed text goes first, then fillers, then the chapters.
  const cuts: (() => boolean)[] = [
    () => clear('vocabulary'),
    () => state.summary.length > 2 && drop('summary'),
    () => state.statement.length > 1 && drop('statement'),
    () => state.own.length > 1 && drop('own'),
    () => clear('topics'),
    () => drop('summary'),
    () => drop('fillers'),
    () => drop('statement'),
    () => drop('own'),
    () => clear('keywords'),
    () => drop('chapters'),
  ];
  for (const cut of cuts) while (utf8Bytes(render()) > g.descriptionMaxBytes && cut());
  // Never more mentions than asked for: a one-word phrase's hashtag counts, and so may a
  // heading or borrowed words that happen to spell it. Those go first, the middle sentence last.
  const excess = () => phrase !== null && mentionCount(render(), phrase) > maxMentions;
  if (excess()) state.hashtags = state.hashtags.filter((h) => mentionCount(h, phrase) === 0);
  if (state.hashtags.length === 0) state.hashtags = ['#video'];
  const trims: (() => boolean)[] = [
    () => clear('vocabulary'),
    () => clear('keywords'),
    () => clear('topics'),
    () => drop('statement'),
    () => drop('summary'),
    () => drop('own'),
    () => drop('chapters'),
    () => drop('fillers'),
  ];
  for (const trim of trims) while (excess() && trim());
  if (excess()) middle = '';
  let description = render();
  if (utf8Bytes(description) > g.descriptionMaxBytes) {
    description = Buffer.from(description, 'utf8')
      .subarray(0, g.descriptionMaxBytes)
      .toString('utf8')
      .replace(/\uFFFD+$/u, '');
  }
  return description;
}

// ---- the writer ----

/** Titles and a description for the data (or generic, valid ones without it). */
export function writeMetadata(data: VideoData | null, seedText = ''): GeneratedMetadata {
  const rand = createRandom('tubewise-llm', hashString(seedText), seedText.length);
  if (!data) {
    const { pack } = languagePack('en');
    return {
      titles: pack.genericTitles.slice(0, 3),
      description: writeDescription(
        {
          phrase: null,
          own: [],
          summary: [],
          keywords: [],
          vocabulary: [],
          company: '',
          statement: [],
          topics: [],
          register: 'casual',
          chapters: [],
          hashtags: ['#tutorial'],
        },
        pack,
        rand,
        DEFAULT_GUIDELINES,
      ),
    };
  }
  const g = data.guidelines;
  const { pack } = languagePack(data.language);
  const term = data.searchTerm ? clean(data.searchTerm) : '';
  const phrase = term !== '' ? term : mainPhrase(data);
  const free = (text: string) => mentionCount(text, phrase) === 0 && !looksLikeInstruction(text);

  // Related phrases: keywords by volume, then the video's tags; none repeating the phrase.
  const keywordsByVolume = data.relatedKeywords
    .map((k, i) => ({ ...k, keyword: clean(k.keyword), i }))
    .filter(
      (k) => k.keyword !== '' && codePoints(k.keyword) <= 60 && !looksLikeInstruction(k.keyword),
    )
    .sort((a, b) => (b.volume ?? -1) - (a.volume ?? -1) || a.i - b.i);
  const distinct = (items: string[]) => {
    const seen = new Set<string>();
    return items.filter((item) => {
      const key = item.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };
  const related = distinct([
    ...keywordsByVolume.map((k) => k.keyword),
    ...data.video.tags
      .map(clean)
      .filter((t) => t !== '' && codePoints(t) <= 60 && !looksLikeInstruction(t)),
  ]);
  const keywords = related.filter(free).slice(0, 4);
  // Keyword heads: a keyword that holds the phrase near its start ("campfire chili recipe").
  const keywordHeads = phrase
    ? keywordsByVolume
        .map((k) => k.keyword)
        .filter((k) => {
          if (mentionCount(k, phrase) !== 1 || k.toLowerCase() === phrase.toLowerCase())
            return false;
          const at = k.normalize('NFC').search(termRegExp(phrase)!);
          return at >= 0 && at <= 15 && codePoints(k) <= codePoints(phrase) + 25;
        })
        .slice(0, 2)
        .map((k) => {
          const re = termRegExp(phrase)!;
          return capFirst(calm(k.normalize('NFC').replace(re, () => phrase)));
        })
    : [];
  // What the ranking videos tag most, other than the phrase and the keywords already used.
  const counts = new Map<string, { text: string; count: number }>();
  for (const tag of [...data.rankingTags, ...data.rankingVideos.flatMap((v) => v.tags)]) {
    const text = clean(tag);
    if (text === '' || codePoints(text) > 40 || !free(text)) continue;
    const key = text.toLowerCase();
    const entry = counts.get(key) ?? { text, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  const used = new Set(keywords.map((k) => k.toLowerCase()));
  const vocabulary = [...counts.values()]
    .sort((a, b) => b.count - a.count)
    .map((e) => e.text)
    .filter((t) => !used.has(t.toLowerCase()))
    .slice(0, 3);

  const duration = data.video.durationSeconds;
  const lines = captionLines(data.captions);
  const chapters =
    duration !== null && duration > g.chaptersMinVideoSeconds && lines.length > 0
      ? writeChapters(lines, duration, phrase, pack)
      : [];
  const company = clean(data.channel.companyName);
  const statement = ownSentences(data.channel.eeatStatement).filter(free).slice(0, 3);
  const topics = distinct(
    [...data.channel.topics, ...data.channel.industries]
      .map(clean)
      .filter((t) => t !== '' && codePoints(t) <= 50 && free(t)),
  ).slice(0, 4);

  const [minTags, maxTags] = g.hashtags;
  const hashtagCount = Math.max(minTags, Math.min(maxTags, rand.int(2, 3)));
  const hashtags = distinct(
    [
      phrase ?? '',
      ...keywordsByVolume.map((k) => k.keyword),
      ...data.video.tags,
      ...data.rankingTags,
    ]
      .filter((p) => p !== '' && !looksLikeInstruction(p))
      .map(hashtagOf)
      .filter((h): h is string => h !== null),
  ).slice(0, hashtagCount);
  if (hashtags.length < Math.max(1, minTags)) hashtags.push('#video');

  const titleContext = [clean(data.video.title), ...data.video.tags, ...keywords];
  const description = writeDescription(
    {
      phrase,
      own: ownSentences(data.video.description).filter(free),
      summary: summarise(lines, phrase, titleContext),
      keywords,
      vocabulary,
      company: company !== '' && codePoints(company) <= 80 && free(company) ? company : '',
      statement,
      topics,
      register: FORMAL_TONE.test(data.channel.toneOfVoice) ? 'formal' : 'casual',
      chapters,
      hashtags,
    },
    pack,
    rand,
    g,
  );
  const titles = writeTitles(
    {
      phrase,
      keywordHeads,
      keywordPhrases: [...keywords, ...vocabulary]
        .filter((k) => codePoints(k) <= 25)
        .map(calm)
        .slice(0, 2),
      minutes:
        duration !== null && duration >= 90 && duration <= 3 * 3600
          ? Math.round(duration / 60)
          : null,
    },
    pack,
    rand,
    g,
  );
  return { titles, description };
}

/** The answer to a prompt: the metadata of its data block (generic when it has none). */
export function writeMetadataForPrompt(promptText: string): GeneratedMetadata {
  const block = extractVideoData(promptText);
  return block ? writeMetadata(block.data, block.raw) : writeMetadata(null, promptText);
}
