// Caption tracks of the emulated platform: every video whose `caption` is true has one uploaded
// ("standard") track in its language, whose timed lines are spoken-like sentences made from the
// video's own title, description and tags and spread over its duration. Deterministic from the
// seed and the video; rendered as SubRip (srt), WebVTT (vtt) or SubViewer (sbv).
import type { ChannelRecord, VideoRecord } from './corpus/types.ts';
import type { SpokenSource } from './corpus/corpus.ts';
import { createRandom, hashString, type Random } from './prng.ts';

/** One timed line of a track (times in milliseconds). */
export interface CaptionCue {
  startMs: number;
  endMs: number;
  text: string;
}

/** A caption track: what captions.list shows and what captions.download renders. */
export interface CaptionTrack {
  id: string;
  videoId: string;
  language: string;
  /** ISO 8601 with milliseconds, as YouTube writes it. */
  lastUpdated: string;
  cues: CaptionCue[];
}

/** The formats captions.download converts to (tfmt); `srt` is the tracks' original format. */
export const CAPTION_FORMATS = ['srt', 'vtt', 'sbv'] as const;
export type CaptionFormat = (typeof CAPTION_FORMATS)[number];

const ID_PREFIX = 'AUieDa';

/** The id of a video's track in a language (opaque to clients; the emulator reads it back). */
export function captionTrackId(videoId: string, language: string): string {
  return ID_PREFIX + Buffer.from(`${videoId}.${language}`, 'utf8').toString('base64url');
}

/** The video id and language a track id names, or undefined for an id the emulator never issued. */
export function parseCaptionTrackId(id: string): { videoId: string; language: string } | undefined {
  if (!id.startsWith(ID_PREFIX)) return undefined;
  const body = id.slice(ID_PREFIX.length);
  if (!/^[A-Za-z0-9_-]+$/.test(body)) return undefined;
  const text = Buffer.from(body, 'base64url').toString('utf8');
  const dot = text.lastIndexOf('.');
  if (dot <= 0) return undefined;
  return { videoId: text.slice(0, dot), language: text.slice(dot + 1) };
}

/** The language a video is spoken in, as its track reports it. */
export function spokenLanguage(video: VideoRecord, channel: ChannelRecord | undefined): string {
  return video.defaultAudioLanguage ?? video.defaultLanguage ?? channel?.defaultLanguage ?? 'en';
}

/** The tracks of a video: one for a captioned video, none otherwise. */
export function captionTracksOf(
  seed: string,
  video: VideoRecord,
  channel: ChannelRecord | undefined,
  spoken: SpokenSource,
): CaptionTrack[] {
  if (!video.caption) return [];
  const language = spokenLanguage(video, channel);
  const rand = createRandom(seed, 'captions', video.id);
  // Uploaded within three days after the video, at a deterministic instant.
  const updated = video.publishedAt + 3_600_000 + (hashString(`${seed}|${video.id}`) % 259_200_000);
  return [
    {
      id: captionTrackId(video.id, language),
      videoId: video.id,
      language,
      lastUpdated: new Date(updated).toISOString(),
      cues: spokenCues(rand, spoken, channel?.title ?? '', video.durationSeconds, language),
    },
  ];
}

// ---- spoken lines ----

interface SpokenTemplates {
  greeting: readonly string[];
  today: readonly string[];
  /** Announces a section; `{section}` is its name. One form, so the sections read alike. */
  next: string;
  tag: readonly string[];
  filler: readonly string[];
  outro: readonly string[];
  /** Names of sections when the description has no chapters: the first opens, the last closes. */
  sections: readonly string[];
}

const SPOKEN: Record<string, SpokenTemplates> = {
  en: {
    greeting: ['Hi everyone, and welcome back to {channel}.', 'Hey, welcome to {channel}.'],
    today: ["In today's video: {title}.", "Today it's all about this one: {title}."],
    next: 'Next up: {section}.',
    tag: [
      'Let me say a few words about {tag}.',
      'A lot of you asked about {tag}.',
      'This is where {tag} comes in.',
      'Keep {tag} in mind for this part.',
    ],
    filler: [
      'Take your time with this step.',
      'This part is easier than it looks.',
      'I always check this twice.',
      "Here's what it should look like.",
      'Watch closely, this is the important bit.',
      "Don't rush it.",
    ],
    outro: [
      "And that's it for today.",
      'If this was helpful, subscribe to {channel} for more.',
      'See you in the next one.',
    ],
    sections: [
      'Intro',
      'What you need',
      'Getting started',
      'Step by step',
      'Common mistakes',
      'Tips and tricks',
      'The result',
      'Final thoughts',
    ],
  },
  de: {
    greeting: [
      'Hallo zusammen und willkommen zurück bei {channel}.',
      'Hey, willkommen bei {channel}.',
    ],
    today: ['Im heutigen Video: {title}.', 'Heute dreht sich alles um dieses Thema: {title}.'],
    next: 'Als Nächstes: {section}.',
    tag: [
      'Ein paar Worte zu {tag}.',
      'Viele von euch haben nach {tag} gefragt.',
      'Hier kommt es wirklich auf {tag} an.',
      'Denkt bei diesem Teil an {tag}.',
    ],
    filler: [
      'Nehmt euch für diesen Schritt Zeit.',
      'Dieser Teil ist leichter, als er aussieht.',
      'Das prüfe ich immer zweimal.',
      'So sollte es ungefähr aussehen.',
      'Jetzt genau hinschauen, das ist der wichtige Teil.',
      'Nicht hetzen.',
    ],
    outro: [
      'Und das war es für heute.',
      'Wenn euch das geholfen hat, abonniert {channel} für mehr.',
      'Bis zum nächsten Mal.',
    ],
    sections: [
      'Einleitung',
      'Was ihr braucht',
      'Los geht es',
      'Schritt für Schritt',
      'Häufige Fehler',
      'Tipps und Tricks',
      'Das Ergebnis',
      'Fazit',
    ],
  },
  es: {
    greeting: [
      'Hola a todos y bienvenidos de nuevo a {channel}.',
      'Hola, bienvenidos a {channel}.',
    ],
    today: ['En el vídeo de hoy: {title}.', 'Hoy todo gira en torno a esto: {title}.'],
    next: 'A continuación: {section}.',
    tag: [
      'Unas palabras sobre {tag}.',
      'Muchos me habéis preguntado por {tag}.',
      'Aquí hay que pensar en {tag}.',
      'Tened en cuenta {tag} en esta parte.',
    ],
    filler: [
      'Tomaos vuestro tiempo con este paso.',
      'Esta parte es más fácil de lo que parece.',
      'Esto siempre lo compruebo dos veces.',
      'Así es como debería quedar.',
      'Mirad bien, esta es la parte importante.',
      'Sin prisas.',
    ],
    outro: [
      'Y eso es todo por hoy.',
      'Si os ha servido, suscribíos a {channel} para ver más.',
      'Nos vemos en el próximo.',
    ],
    sections: [
      'Introducción',
      'Lo que necesitas',
      'Primeros pasos',
      'Paso a paso',
      'Errores comunes',
      'Consejos y trucos',
      'El resultado',
      'Conclusión',
    ],
  },
  fr: {
    greeting: [
      'Salut tout le monde et bon retour sur {channel}.',
      'Salut, bienvenue sur {channel}.',
    ],
    today: ["Dans la vidéo d'aujourd'hui : {title}.", "Aujourd'hui, on parle de ceci : {title}."],
    next: 'Ensuite : {section}.',
    tag: [
      'Quelques mots sur {tag}.',
      'Beaucoup d’entre vous m’ont posé des questions sur {tag}.',
      'Ici, on pense à {tag}.',
      'Pensez à {tag} pour cette partie.',
    ],
    filler: [
      'Prenez votre temps pour cette étape.',
      "Cette partie est plus simple qu'elle n'en a l'air.",
      'Je vérifie toujours ça deux fois.',
      'Voilà à quoi ça doit ressembler.',
      "Regardez bien, c'est le moment important.",
      'Pas de précipitation.',
    ],
    outro: [
      "Et c'est tout pour aujourd'hui.",
      'Si ça vous a aidé, abonnez-vous à {channel} pour la suite.',
      'À la prochaine.',
    ],
    sections: [
      'Introduction',
      'Ce qu’il vous faut',
      'Pour commencer',
      'Étape par étape',
      'Erreurs fréquentes',
      'Astuces',
      'Le résultat',
      'Conclusion',
    ],
  },
  pt: {
    greeting: ['Olá a todos e bem-vindos de volta ao {channel}.', 'Olá, bem-vindos ao {channel}.'],
    today: ['No vídeo de hoje: {title}.', 'Hoje o assunto é este: {title}.'],
    next: 'A seguir: {section}.',
    tag: [
      'Algumas palavras sobre {tag}.',
      'Muitos de vocês perguntaram sobre {tag}.',
      'Aqui é preciso pensar em {tag}.',
      'Lembrem-se de {tag} nesta parte.',
    ],
    filler: [
      'Tenham calma neste passo.',
      'Esta parte é mais fácil do que parece.',
      'Eu sempre confiro isto duas vezes.',
      'É assim que deve ficar.',
      'Prestem atenção, esta é a parte importante.',
      'Sem pressa.',
    ],
    outro: [
      'E por hoje é isso.',
      'Se isto ajudou, inscrevam-se no {channel} para ver mais.',
      'Até ao próximo vídeo.',
    ],
    sections: [
      'Introdução',
      'O que vão precisar',
      'Primeiros passos',
      'Passo a passo',
      'Erros comuns',
      'Dicas e truques',
      'O resultado',
      'Considerações finais',
    ],
  },
  it: {
    greeting: ['Ciao a tutti e bentornati su {channel}.', 'Ciao, benvenuti su {channel}.'],
    today: ['Nel video di oggi: {title}.', 'Oggi parliamo di questo: {title}.'],
    next: 'Adesso: {section}.',
    tag: [
      'Due parole su {tag}.',
      'In tanti mi avete chiesto di {tag}.',
      'Qui bisogna pensare a {tag}.',
      'Tenete a mente {tag} in questa parte.',
    ],
    filler: [
      'Prendetevi il vostro tempo per questo passaggio.',
      'Questa parte è più facile di quanto sembri.',
      'Questo lo controllo sempre due volte.',
      'Ecco come dovrebbe venire.',
      'Guardate bene, questa è la parte importante.',
      'Senza fretta.',
    ],
    outro: [
      'E per oggi è tutto.',
      'Se vi è stato utile, iscrivetevi a {channel} per altri video.',
      'Ci vediamo al prossimo.',
    ],
    sections: [
      'Introduzione',
      'Cosa serve',
      'Per iniziare',
      'Passo dopo passo',
      'Errori comuni',
      'Consigli e trucchi',
      'Il risultato',
      'Conclusioni',
    ],
  },
  nl: {
    greeting: ['Hoi allemaal en welkom terug bij {channel}.', 'Hé, welkom bij {channel}.'],
    today: ['In de video van vandaag: {title}.', 'Vandaag draait alles om dit: {title}.'],
    next: 'Dan nu: {section}.',
    tag: [
      'Even een paar woorden over {tag}.',
      'Veel van jullie vroegen naar {tag}.',
      'Hier komt het echt aan op {tag}.',
      'Denk bij dit deel aan {tag}.',
    ],
    filler: [
      'Neem voor deze stap de tijd.',
      'Dit deel is makkelijker dan het lijkt.',
      'Dit controleer ik altijd twee keer.',
      'Zo hoort het er ongeveer uit te zien.',
      'Let goed op, dit is het belangrijke deel.',
      'Niet haasten.',
    ],
    outro: [
      'En dat was het voor vandaag.',
      'Had je hier iets aan? Abonneer je dan op {channel} voor meer.',
      'Tot de volgende keer.',
    ],
    sections: [
      'Inleiding',
      'Wat je nodig hebt',
      'Aan de slag',
      'Stap voor stap',
      'Veelgemaakte fouten',
      'Tips en trucs',
      'Het resultaat',
      'Tot slot',
    ],
  },
};

/** The spoken templates of a language (its base subtag), English when there are none. */
function templatesOf(language: string): SpokenTemplates {
  return SPOKEN[language.toLowerCase().split(/[-_]/)[0] ?? 'en'] ?? SPOKEN.en!;
}

const CHAPTER_LINE = /^\s*[[(]?(?:(\d{1,2}):)?(\d{1,2}):(\d{2})[\])]?(?:\s*[-–—:|.]\s*|\s+)(.+)$/u;

/** The description's sentences a person would say: no links, chapters, hashtags or calls to subscribe. */
export function spokenSentences(description: string): string[] {
  const sentences: string[] = [];
  for (const rawLine of description.split(/\r\n|\r|\n/u)) {
    const line = rawLine.trim();
    if (!line || CHAPTER_LINE.test(line) || /https?:\/\/|www\./iu.test(line)) continue;
    const text = line
      .replace(/(^|\s)#[\p{L}\p{M}\p{N}_]+/gu, '$1')
      .replace(/[<>]/gu, '')
      .replace(/\s+/gu, ' ')
      .trim();
    if (!/\p{L}/u.test(text)) continue;
    for (const sentence of text.split(/(?<=[.!?])\s+/u)) {
      const words = sentence.split(' ').length;
      if (words >= 3 && words <= 40) sentences.push(sentence);
    }
  }
  return sentences;
}

/** The chapters a description lists (at least 3, in order, within the video), or none. */
function describedChapters(description: string, durationSeconds: number) {
  const chapters: { seconds: number; name: string }[] = [];
  for (const line of description.split(/\r\n|\r|\n/u)) {
    const match = CHAPTER_LINE.exec(line);
    if (!match) continue;
    const [, h, m = '0', s = '0', name = ''] = match;
    const seconds = Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
    const previous = chapters.at(-1);
    if (previous && seconds <= previous.seconds) return [];
    chapters.push({ seconds, name: name.replace(/[<>]/gu, '').trim() });
  }
  const valid =
    chapters.length >= 3 &&
    chapters[0]!.seconds === 0 &&
    chapters.at(-1)!.seconds < durationSeconds - 10;
  return valid ? chapters : [];
}

const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/gu, (whole, key: string) => values[key] ?? whole);

/** The lines a video's track says, section by section, timed over its duration. */
function spokenCues(
  rand: Random,
  spoken: SpokenSource,
  channelTitle: string,
  durationSeconds: number,
  language: string,
): CaptionCue[] {
  const t = templatesOf(language);
  const duration = Math.max(1, durationSeconds);
  const title = spoken.title
    .replace(/[<>]/gu, '')
    .trim()
    .replace(/[.!?…]+$/u, '');
  const channel = channelTitle || title;
  const sentences = spokenSentences(spoken.description);
  const tags = [
    ...new Set(spoken.tags.map((tag) => tag.trim()).filter((tag) => /\p{L}/u.test(tag))),
  ]
    .filter((tag) => !/[<>]/u.test(tag))
    .slice(0, 12);

  // Sections: the description's chapters when it has valid ones, otherwise even parts.
  let sections = describedChapters(spoken.description, duration).map((c) => ({
    start: c.seconds,
    name: c.name,
  }));
  if (sections.length === 0) {
    const count = duration < 90 ? 1 : Math.min(8, Math.max(3, Math.round(duration / 240)));
    const middle = t.sections.slice(1, -1);
    const picked = new Set(rand.sample(middle, count - 2));
    const names =
      count === 1
        ? [t.sections[0]!]
        : [t.sections[0]!, ...middle.filter((name) => picked.has(name)), t.sections.at(-1)!];
    sections = names.map((name, i) => ({ start: Math.floor((duration * i) / count), name }));
  }
  // A section over 12 minutes is split in parts of at most 10, named from the unused names.
  const unused = t.sections.slice(1, -1).filter((name) => !sections.some((s) => s.name === name));
  sections = sections.flatMap((section, index) => {
    const end = sections[index + 1]?.start ?? duration;
    const parts = end - section.start > 720 ? Math.ceil((end - section.start) / 600) : 1;
    const split = [section];
    for (let part = 1; part < parts && unused.length > 0; part++) {
      const start = Math.floor(section.start + ((end - section.start) * part) / parts);
      split.push({ start, name: unused.shift()! });
    }
    return split;
  });

  let sentence = 0;
  let tag = 0;
  const nextContent = (): string => {
    const roll = rand.next();
    if (roll < 0.45 && sentence < sentences.length) return sentences[sentence++]!;
    if (roll < 0.8 && tags.length > 0)
      return fill(rand.pick(t.tag), { tag: tags[tag++ % tags.length]! });
    return rand.pick(t.filler);
  };

  const cues: CaptionCue[] = [];
  sections.forEach((section, index) => {
    const end = sections[index + 1]?.start ?? duration;
    const lines: string[] = [];
    if (index === 0) {
      lines.push(fill(rand.pick(t.greeting), { channel }));
      if (title) lines.push(fill(rand.pick(t.today), { title }));
      if (sentences[sentence]) lines.push(sentences[sentence++]!);
    } else {
      lines.push(fill(t.next, { section: section.name.replace(/[.!?…:]+$/u, '') }));
      // Two to four lines, and about one every 50 seconds in a long section (15 at most).
      const extra = Math.min(14, Math.max(rand.int(2, 4), Math.floor((end - section.start) / 50)));
      for (let i = 0; i < extra; i++) lines.push(nextContent());
    }
    if (index === sections.length - 1) {
      for (const outro of t.outro) lines.push(fill(outro, { channel }));
    }
    // At most one line per 2 seconds of the section, spread evenly over it.
    const span = (end - section.start) * 1000;
    const fitting = lines.slice(0, Math.max(1, Math.floor(span / 2000)));
    const step = span / fitting.length;
    fitting.forEach((text, i) => {
      const startMs = Math.round(section.start * 1000 + i * step + (i === 0 ? 0 : 400));
      const speakMs = 1500 + 60 * text.length;
      const endMs = Math.min(startMs + speakMs, Math.round(section.start * 1000 + (i + 1) * step));
      cues.push({ startMs, endMs: Math.max(endMs, startMs + 300), text });
    });
  });
  return cues;
}

// ---- rendering ----

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function clock(ms: number, separator: ',' | '.', hourWidth: number): string {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${pad(hours, hourWidth)}:${pad(minutes)}:${pad(seconds)}${separator}${pad(ms % 1000, 3)}`;
}

/** A track's text in a format: SubRip, WebVTT (with YouTube's Kind/Language header) or SubViewer. */
export function renderCaptions(track: CaptionTrack, format: CaptionFormat): string {
  switch (format) {
    case 'srt':
      return track.cues
        .map(
          (cue, i) =>
            `${i + 1}\n${clock(cue.startMs, ',', 2)} --> ${clock(cue.endMs, ',', 2)}\n${cue.text}\n`,
        )
        .join('\n');
    case 'vtt':
      return [
        `WEBVTT\nKind: captions\nLanguage: ${track.language}\n`,
        ...track.cues.map(
          (cue) => `${clock(cue.startMs, '.', 2)} --> ${clock(cue.endMs, '.', 2)}\n${cue.text}\n`,
        ),
      ].join('\n');
    case 'sbv':
      return track.cues
        .map((cue) => `${clock(cue.startMs, '.', 1)},${clock(cue.endMs, '.', 1)}\n${cue.text}\n`)
        .join('\n');
  }
}
