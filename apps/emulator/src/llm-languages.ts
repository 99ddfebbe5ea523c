// Sentence templates of the deterministic writer (llm-generator.ts), one pack per language. In
// templates `{term}` is the search term as written (exactly once where it appears at all),
// `{Term}` the same with a capital first letter, `{kw}` a related phrase, `{list}` a list of
// phrases, `{company}` the channel's company name, `{n}` a number. Fillers name nothing, so they
// never repeat the term; titles' tails never contain it.

/** How the channel speaks to its viewers (from its tone of voice). */
export type Register = 'casual' | 'formal';

/** Everything the writer says in one language. */
export interface LanguagePack {
  /** Title tails after "{Term}: ", 17–40 characters. */
  titleTails: readonly string[];
  /** Short title tails (at most 14 characters), for long terms and pairs. */
  titleShortTails: readonly string[];
  /** Title tails with a related phrase. */
  titleKeywordTails: readonly string[];
  /** A title tail with the video's length in minutes. */
  titleMinutesTail: string;
  /** The description's first sentence: the term within its first 40 characters. */
  intro: readonly string[];
  /** A sentence in the middle of the description with the term. */
  middle: readonly string[];
  /** The closing sentence with the term. */
  closing: readonly string[];
  /** Before the sentences taken from the captions. */
  summaryHeading: string;
  /** A sentence with related keywords. */
  keywords: readonly string[];
  /** A sentence with phrases the ranking videos use. */
  vocabulary: readonly string[];
  /** A sentence introducing the company: `{company}` is followed by its statement. */
  about: string;
  /** The company name alone (no statement). */
  madeBy: string;
  /** The channel's topics: with and without a company name. */
  topicsOf: string;
  topics: string;
  /** Sentences that fill the description out to its length; they name nothing. */
  fillers: readonly string[];
  /** The call to subscribe, by register. */
  cta: Record<Register, readonly string[]>;
  chaptersHeading: string;
  /** The name of the first chapter and of chapters without a usable line. */
  introChapter: string;
  partChapter: string;
  /** List joiner before the last item. */
  and: string;
  /** Titles when the data block is missing. */
  genericTitles: readonly string[];
  /** The first sentence when there is no phrase to write about. */
  genericIntro: string;
}

const en: LanguagePack = {
  titleTails: [
    'step by step for beginners',
    'the complete guide',
    'everything you need to know',
    'tips, mistakes and what actually works',
    'how to get it right the first time',
    'a practical guide from start to finish',
    'what I wish I had known sooner',
    'simple steps that really work',
  ],
  titleShortTails: ['explained', 'step by step', 'full guide', 'for beginners', 'the basics'],
  titleKeywordTails: ['{kw} made simple', 'a guide to {kw}', 'with {kw}, step by step'],
  titleMinutesTail: 'explained in {n} minutes',
  intro: [
    '{Term}: this video shows the whole process, from the first step to the finished result.',
    'Everything about {term} in one video: what to do, in which order, and why it works.',
    'This video is all about {term}, with a clear and practical walkthrough to follow along with.',
  ],
  middle: [
    'If {term} is new to you, start at the beginning and follow along one step at a time.',
    'The same approach to {term} works whether you are just starting out or already have some experience.',
    'We kept the explanation of {term} practical, so you can try it yourself right after watching.',
  ],
  closing: [
    'Questions about {term}? Leave them in the comments and we will answer as many as we can.',
    'Thanks for watching this video about {term}.',
    'Try it out, and tell us in the comments how {term} worked for you.',
  ],
  summaryHeading: 'What this video covers:',
  keywords: ['Along the way we also touch on {list}.', 'Related topics in this video: {list}.'],
  vocabulary: [
    'If you are looking for {list}, you will find useful ideas here as well.',
    'It also helps with {list}.',
  ],
  about: 'About {company}:',
  madeBy: 'This video was made by {company}.',
  topicsOf: '{company} makes videos about {list}.',
  topics: 'On this channel you will find more videos about {list}.',
  fillers: [
    'We go through every step in order, so it is easy to follow along at your own pace.',
    'Along the way we point out the small details that make the biggest difference to the result.',
    'You will also see the mistakes that happen most often and how to avoid them from the start.',
    'Nothing here needs special knowledge; a bit of patience and the right preparation are enough.',
    'Each part builds on the one before it, so it is worth watching the whole video once.',
    'Afterwards, you can come back to any part whenever you want a quick reminder.',
    'We show what worked for us, what did not, and the reasons behind both.',
    'The aim is simple: a clear explanation you can put into practice straight away.',
    'If something is unclear, pause and rewatch that part; it often helps to see it twice.',
    'We also explain how to check your progress, so you know you are on the right track.',
    'Everything shown here is something you can try yourself with little effort.',
    'Small changes can have a big effect, and we show several examples of that.',
    'Take notes on the points that matter most to you and come back to them later.',
    'By the end you will know what to do next and where to go from there.',
    'There is no single perfect way, so we explain the options and when each one makes sense.',
    'The steps are shown in real time, without skipping the parts that usually cause trouble.',
  ],
  cta: {
    casual: [
      'If you enjoyed it, subscribe for more and share it with a friend who needs it.',
      'Like the video if it helped, and subscribe so you do not miss the next one.',
    ],
    formal: [
      'If you found this video useful, consider subscribing to the channel for future videos.',
      'Subscribe to the channel to be informed about new videos.',
    ],
  },
  chaptersHeading: 'Chapters:',
  introChapter: 'Intro',
  partChapter: 'Part {n}',
  and: ' and ',
  genericTitles: [
    'A clear, practical guide: everything explained step by step',
    'Step by step from start to finish: tips and common mistakes',
    'The complete walkthrough: what to do and why it works',
  ],
  genericIntro: 'This video shows the whole process, from the first step to the finished result.',
};

const de: LanguagePack = {
  titleTails: [
    'Schritt für Schritt für Einsteiger',
    'die komplette Anleitung',
    'alles, was du wissen musst',
    'Tipps, Fehler und was wirklich funktioniert',
    'so klappt es beim ersten Mal',
    'eine praktische Anleitung von Anfang bis Ende',
    'einfache Schritte, die wirklich helfen',
  ],
  titleShortTails: [
    'erklärt',
    'Schritt für Schritt',
    'die Anleitung',
    'für Einsteiger',
    'die Grundlagen',
  ],
  titleKeywordTails: [
    '{kw} leicht gemacht',
    'eine Anleitung zu {kw}',
    'mit {kw}, Schritt für Schritt',
  ],
  titleMinutesTail: 'in {n} Minuten erklärt',
  intro: [
    '{Term}: Dieses Video zeigt den ganzen Ablauf, vom ersten Schritt bis zum fertigen Ergebnis.',
    'Alles über {term} in einem Video: was zu tun ist, in welcher Reihenfolge und warum es funktioniert.',
    'In diesem Video dreht sich alles um {term}, mit einer klaren, praktischen Anleitung zum Mitmachen.',
  ],
  middle: [
    'Wer mit {term} gerade erst anfängt, schaut am besten von Anfang an und geht Schritt für Schritt mit.',
    'Derselbe Ansatz für {term} funktioniert für Einsteiger genauso wie für Fortgeschrittene.',
    'Die Erklärung zu {term} ist bewusst praktisch gehalten, damit man es direkt danach selbst ausprobieren kann.',
  ],
  closing: [
    'Fragen zu {term} sind in den Kommentaren jederzeit willkommen, wir beantworten so viele wie möglich.',
    'Danke fürs Zuschauen bei diesem Video über {term}.',
    'Wie hat {term} geklappt? Erfahrungen gern in die Kommentare.',
  ],
  summaryHeading: 'Darum geht es in diesem Video:',
  keywords: ['Nebenbei geht es auch um {list}.', 'Verwandte Themen in diesem Video: {list}.'],
  vocabulary: [
    'Wer nach {list} sucht, findet hier ebenfalls nützliche Ideen.',
    'Es hilft auch bei {list}.',
  ],
  about: 'Über {company}:',
  madeBy: 'Dieses Video stammt von {company}.',
  topicsOf: '{company} macht Videos über {list}.',
  topics: 'Auf diesem Kanal gibt es weitere Videos über {list}.',
  fillers: [
    'Wir gehen jeden Schritt der Reihe nach durch, sodass man im eigenen Tempo mitmachen kann.',
    'Unterwegs zeigen wir die kleinen Details, die am Ende den größten Unterschied machen.',
    'Außerdem sieht man die häufigsten Fehler und wie man sie von Anfang an vermeidet.',
    'Besonderes Vorwissen ist nicht nötig; etwas Geduld und die richtige Vorbereitung reichen aus.',
    'Jeder Teil baut auf dem vorherigen auf, deshalb lohnt es sich, das ganze Video einmal anzusehen.',
    'Danach kann man jederzeit zu einem Teil zurückspringen, wenn man eine kurze Erinnerung braucht.',
    'Wir zeigen, was bei uns funktioniert hat, was nicht, und die Gründe für beides.',
    'Das Ziel ist einfach: eine klare Erklärung, die man sofort in die Praxis umsetzen kann.',
    'Wenn etwas unklar ist, einfach anhalten und die Stelle noch einmal ansehen; das hilft oft.',
    'Wir erklären auch, wie man den eigenen Fortschritt überprüft, damit man auf dem richtigen Weg bleibt.',
    'Alles, was hier gezeigt wird, lässt sich mit wenig Aufwand selbst ausprobieren.',
    'Kleine Änderungen können viel bewirken, und dafür zeigen wir mehrere Beispiele.',
    'Am besten notiert man sich die wichtigsten Punkte und kommt später darauf zurück.',
    'Am Ende weiß man, was als Nächstes zu tun ist und wie es weitergeht.',
    'Es gibt nicht den einen perfekten Weg, deshalb erklären wir die Möglichkeiten und wann welche sinnvoll ist.',
    'Die Schritte werden in Echtzeit gezeigt, ohne die Stellen zu überspringen, die oft Probleme machen.',
  ],
  cta: {
    casual: [
      'Wenn dir das Video gefallen hat, abonniere den Kanal und teile es mit jemandem, dem es hilft.',
      'Lass ein Like da, wenn es dir geholfen hat, und abonniere, damit du das nächste Video nicht verpasst.',
    ],
    formal: [
      'Wer dieses Video hilfreich fand, kann den Kanal abonnieren, um keine neuen Videos zu verpassen.',
      'Ein Abonnement des Kanals hält über neue Videos auf dem Laufenden.',
    ],
  },
  chaptersHeading: 'Kapitel:',
  introChapter: 'Einleitung',
  partChapter: 'Teil {n}',
  and: ' und ',
  genericTitles: [
    'Eine klare, praktische Anleitung: alles Schritt für Schritt',
    'Von Anfang bis Ende: Tipps und häufige Fehler im Überblick',
    'Die komplette Anleitung: was zu tun ist und warum es klappt',
  ],
  genericIntro:
    'Dieses Video zeigt den ganzen Ablauf, vom ersten Schritt bis zum fertigen Ergebnis.',
};

const es: LanguagePack = {
  titleTails: [
    'paso a paso para principiantes',
    'la guía completa',
    'todo lo que necesitas saber',
    'consejos, errores y lo que de verdad funciona',
    'cómo hacerlo bien a la primera',
    'una guía práctica de principio a fin',
    'pasos sencillos que funcionan',
  ],
  titleShortTails: ['explicado', 'paso a paso', 'guía completa', 'para empezar', 'lo básico'],
  titleKeywordTails: ['{kw} de forma sencilla', 'una guía de {kw}', 'con {kw}, paso a paso'],
  titleMinutesTail: 'explicado en {n} minutos',
  intro: [
    '{Term}: este vídeo muestra todo el proceso, desde el primer paso hasta el resultado final.',
    'Todo sobre {term} en un solo vídeo: qué hacer, en qué orden y por qué funciona.',
    'Este vídeo trata de {term}, con una explicación clara y práctica para seguir paso a paso.',
  ],
  middle: [
    'Si {term} es nuevo para ti, empieza desde el principio y avanza paso a paso.',
    'El mismo enfoque de {term} sirve tanto si empiezas ahora como si ya tienes experiencia.',
    'Hemos explicado {term} de forma práctica, para que puedas probarlo justo después de verlo.',
  ],
  closing: [
    '¿Tienes preguntas sobre {term}? Déjalas en los comentarios y responderemos a todas las que podamos.',
    'Gracias por ver este vídeo sobre {term}.',
    'Pruébalo y cuéntanos en los comentarios qué tal te ha ido con {term}.',
  ],
  summaryHeading: 'Qué verás en este vídeo:',
  keywords: [
    'Por el camino también hablamos de {list}.',
    'Temas relacionados en este vídeo: {list}.',
  ],
  vocabulary: [
    'Si buscas {list}, aquí también encontrarás ideas útiles.',
    'También te ayudará con {list}.',
  ],
  about: 'Sobre {company}:',
  madeBy: 'Este vídeo es de {company}.',
  topicsOf: '{company} hace vídeos sobre {list}.',
  topics: 'En este canal encontrarás más vídeos sobre {list}.',
  fillers: [
    'Repasamos cada paso en orden, para que sea fácil seguirlo a tu propio ritmo.',
    'Por el camino señalamos los pequeños detalles que más influyen en el resultado.',
    'También verás los errores más habituales y cómo evitarlos desde el principio.',
    'No hace falta ningún conocimiento especial; basta con algo de paciencia y una buena preparación.',
    'Cada parte se apoya en la anterior, así que merece la pena ver el vídeo completo una vez.',
    'Después puedes volver a cualquier parte cuando necesites un recordatorio rápido.',
    'Mostramos lo que nos funcionó, lo que no, y las razones de ambas cosas.',
    'El objetivo es sencillo: una explicación clara que puedas poner en práctica enseguida.',
    'Si algo no queda claro, pausa y vuelve a ver esa parte; verlo dos veces suele ayudar.',
    'También explicamos cómo comprobar tu progreso, para saber que vas por buen camino.',
    'Todo lo que aparece aquí lo puedes probar por tu cuenta con poco esfuerzo.',
    'Los pequeños cambios pueden tener un gran efecto, y mostramos varios ejemplos de ello.',
    'Apunta las ideas que más te interesen y vuelve a ellas más adelante.',
    'Al final sabrás qué hacer a continuación y cómo seguir avanzando.',
    'No existe una única forma perfecta, así que explicamos las opciones y cuándo conviene cada una.',
    'Los pasos se muestran en tiempo real, sin saltarse las partes que suelen dar problemas.',
  ],
  cta: {
    casual: [
      'Si te ha gustado, suscríbete para ver más y compártelo con alguien a quien le venga bien.',
      'Dale a me gusta si te ha servido y suscríbete para no perderte el próximo vídeo.',
    ],
    formal: [
      'Quien haya encontrado útil este vídeo puede suscribirse al canal para no perderse los próximos.',
      'La suscripción al canal mantiene al día de los nuevos vídeos.',
    ],
  },
  chaptersHeading: 'Capítulos:',
  introChapter: 'Introducción',
  partChapter: 'Parte {n}',
  and: ' y ',
  genericTitles: [
    'Una guía clara y práctica: todo explicado paso a paso',
    'De principio a fin: consejos y errores más habituales',
    'La guía completa: qué hacer y por qué funciona',
  ],
  genericIntro:
    'Este vídeo muestra todo el proceso, desde el primer paso hasta el resultado final.',
};

const fr: LanguagePack = {
  titleTails: [
    'étape par étape pour débutants',
    'le guide complet',
    'tout ce qu’il faut savoir',
    'astuces, erreurs et ce qui marche vraiment',
    'comment réussir du premier coup',
    'un guide pratique du début à la fin',
    'des étapes simples qui fonctionnent',
  ],
  titleShortTails: ['expliqué', 'étape par étape', 'le guide', 'pour débutants', 'les bases'],
  titleKeywordTails: [
    '{kw} en toute simplicité',
    'un guide sur {kw}',
    'avec {kw}, étape par étape',
  ],
  titleMinutesTail: 'expliqué en {n} minutes',
  intro: [
    '{Term} : cette vidéo montre tout le processus, de la première étape au résultat final.',
    'Tout sur {term} en une seule vidéo : quoi faire, dans quel ordre et pourquoi ça marche.',
    'Cette vidéo est consacrée à {term}, avec une explication claire et pratique à suivre pas à pas.',
  ],
  middle: [
    'Si {term} est nouveau pour vous, commencez au début et avancez une étape à la fois.',
    'La même approche de {term} fonctionne pour les débutants comme pour les plus expérimentés.',
    'Nous avons gardé l’explication de {term} très concrète, pour que vous puissiez essayer juste après.',
  ],
  closing: [
    'Des questions sur {term} ? Posez-les en commentaire, nous répondrons au plus grand nombre.',
    'Merci d’avoir regardé cette vidéo sur {term}.',
    'Essayez, et dites-nous en commentaire comment {term} s’est passé pour vous.',
  ],
  summaryHeading: 'Au programme de cette vidéo :',
  keywords: ['Nous abordons aussi {list}.', 'Sujets liés dans cette vidéo : {list}.'],
  vocabulary: [
    'Si vous cherchez {list}, vous trouverez aussi des idées utiles ici.',
    'Elle vous aidera aussi pour {list}.',
  ],
  about: 'À propos de {company} :',
  madeBy: 'Cette vidéo a été réalisée par {company}.',
  topicsOf: '{company} publie des vidéos sur {list}.',
  topics: 'Sur cette chaîne, vous trouverez d’autres vidéos sur {list}.',
  fillers: [
    'Nous passons chaque étape en revue dans l’ordre, pour suivre facilement à votre rythme.',
    'En chemin, nous montrons les petits détails qui font la plus grande différence.',
    'Vous verrez aussi les erreurs les plus fréquentes et comment les éviter dès le départ.',
    'Aucune connaissance particulière n’est nécessaire ; un peu de patience et une bonne préparation suffisent.',
    'Chaque partie s’appuie sur la précédente, il vaut donc la peine de regarder la vidéo en entier une fois.',
    'Ensuite, vous pouvez revenir à n’importe quelle partie pour un rappel rapide.',
    'Nous montrons ce qui a marché pour nous, ce qui n’a pas marché, et pourquoi.',
    'Le but est simple : une explication claire, à mettre en pratique tout de suite.',
    'Si quelque chose n’est pas clair, mettez en pause et revoyez ce passage ; cela aide souvent.',
    'Nous expliquons aussi comment vérifier vos progrès, pour savoir que vous êtes sur la bonne voie.',
    'Tout ce qui est montré ici peut être essayé chez soi sans grand effort.',
    'De petits changements peuvent avoir un grand effet, et nous en montrons plusieurs exemples.',
    'Notez les points qui comptent le plus pour vous et revenez-y plus tard.',
    'À la fin, vous saurez quoi faire ensuite et comment continuer.',
    'Il n’existe pas une seule bonne méthode, alors nous expliquons les options et quand choisir chacune.',
    'Les étapes sont montrées en temps réel, sans sauter les passages qui posent souvent problème.',
  ],
  cta: {
    casual: [
      'Si la vidéo t’a plu, abonne-toi pour la suite et partage-la avec quelqu’un à qui elle sera utile.',
      'Laisse un pouce bleu si elle t’a aidé, et abonne-toi pour ne pas rater la prochaine.',
    ],
    formal: [
      'Si cette vidéo vous a été utile, abonnez-vous à la chaîne pour les prochaines.',
      'Abonnez-vous à la chaîne pour être informé des nouvelles vidéos.',
    ],
  },
  chaptersHeading: 'Chapitres :',
  introChapter: 'Introduction',
  partChapter: 'Partie {n}',
  and: ' et ',
  genericTitles: [
    'Un guide clair et pratique : tout expliqué étape par étape',
    'Du début à la fin : astuces et erreurs les plus fréquentes',
    'Le guide complet : quoi faire et pourquoi ça marche',
  ],
  genericIntro: 'Cette vidéo montre tout le processus, de la première étape au résultat final.',
};

const pt: LanguagePack = {
  titleTails: [
    'passo a passo para iniciantes',
    'o guia completo',
    'tudo o que você precisa saber',
    'dicas, erros e o que realmente funciona',
    'como acertar logo na primeira vez',
    'um guia prático do início ao fim',
    'passos simples que funcionam',
  ],
  titleShortTails: ['explicado', 'passo a passo', 'guia completo', 'para iniciantes', 'o básico'],
  titleKeywordTails: ['{kw} de forma simples', 'um guia de {kw}', 'com {kw}, passo a passo'],
  titleMinutesTail: 'explicado em {n} minutos',
  intro: [
    '{Term}: este vídeo mostra todo o processo, do primeiro passo ao resultado final.',
    'Tudo sobre {term} num só vídeo: o que fazer, em que ordem e porque funciona.',
    'Este vídeo é sobre {term}, com uma explicação clara e prática para acompanhar passo a passo.',
  ],
  middle: [
    'Se {term} é novidade para você, comece do início e avance um passo de cada vez.',
    'A mesma abordagem de {term} serve para quem está começando e para quem já tem experiência.',
    'Explicamos {term} de forma prática, para que você possa experimentar logo depois de assistir.',
  ],
  closing: [
    'Dúvidas sobre {term}? Deixe nos comentários e vamos responder ao maior número possível.',
    'Obrigado por assistir a este vídeo sobre {term}.',
    'Experimente e conte nos comentários como foi {term} para você.',
  ],
  summaryHeading: 'O que você vai ver neste vídeo:',
  keywords: ['Pelo caminho também falamos de {list}.', 'Temas relacionados neste vídeo: {list}.'],
  vocabulary: [
    'Se você procura {list}, também vai encontrar ideias úteis aqui.',
    'Também ajuda com {list}.',
  ],
  about: 'Sobre {company}:',
  madeBy: 'Este vídeo é de {company}.',
  topicsOf: '{company} faz vídeos sobre {list}.',
  topics: 'Neste canal você encontra mais vídeos sobre {list}.',
  fillers: [
    'Passamos por cada etapa em ordem, para que seja fácil acompanhar no seu ritmo.',
    'Pelo caminho mostramos os pequenos detalhes que fazem mais diferença no resultado.',
    'Você também vai ver os erros mais comuns e como evitá-los desde o início.',
    'Não é preciso nenhum conhecimento especial; um pouco de paciência e uma boa preparação bastam.',
    'Cada parte se apoia na anterior, por isso vale a pena assistir ao vídeo inteiro uma vez.',
    'Depois, você pode voltar a qualquer parte quando precisar de um lembrete rápido.',
    'Mostramos o que funcionou para nós, o que não funcionou, e os motivos de cada coisa.',
    'O objetivo é simples: uma explicação clara que você pode pôr em prática imediatamente.',
    'Se algo não ficar claro, pause e reveja essa parte; ver duas vezes costuma ajudar.',
    'Também explicamos como verificar o seu progresso, para saber que está no caminho certo.',
    'Tudo o que aparece aqui pode ser testado por você com pouco esforço.',
    'Pequenas mudanças podem ter um grande efeito, e mostramos vários exemplos disso.',
    'Anote os pontos mais importantes para você e volte a eles mais tarde.',
    'No fim, você vai saber o que fazer a seguir e como continuar.',
    'Não existe um único caminho perfeito, por isso explicamos as opções e quando cada uma faz sentido.',
    'Os passos são mostrados em tempo real, sem pular as partes que costumam dar problemas.',
  ],
  cta: {
    casual: [
      'Se você gostou, inscreva-se para ver mais e compartilhe com alguém que precise.',
      'Deixe seu like se ajudou e inscreva-se para não perder o próximo vídeo.',
    ],
    formal: [
      'Quem achou este vídeo útil pode inscrever-se no canal para não perder os próximos.',
      'A inscrição no canal mantém a par dos novos vídeos.',
    ],
  },
  chaptersHeading: 'Capítulos:',
  introChapter: 'Introdução',
  partChapter: 'Parte {n}',
  and: ' e ',
  genericTitles: [
    'Um guia claro e prático: tudo explicado passo a passo',
    'Do início ao fim: dicas e os erros mais comuns',
    'O guia completo: o que fazer e porque funciona',
  ],
  genericIntro: 'Este vídeo mostra todo o processo, do primeiro passo ao resultado final.',
};

const it: LanguagePack = {
  titleTails: [
    'passo dopo passo per principianti',
    'la guida completa',
    'tutto quello che devi sapere',
    'consigli, errori e cosa funziona davvero',
    'come farlo bene al primo colpo',
    'una guida pratica dall’inizio alla fine',
    'passaggi semplici che funzionano',
  ],
  titleShortTails: ['spiegato', 'passo dopo passo', 'la guida', 'per principianti', 'le basi'],
  titleKeywordTails: ['{kw} in modo semplice', 'una guida a {kw}', 'con {kw}, passo dopo passo'],
  titleMinutesTail: 'spiegato in {n} minuti',
  intro: [
    '{Term}: questo video mostra tutto il procedimento, dal primo passo al risultato finale.',
    'Tutto su {term} in un solo video: cosa fare, in che ordine e perché funziona.',
    'Questo video parla di {term}, con una spiegazione chiara e pratica da seguire passo dopo passo.',
  ],
  middle: [
    'Se {term} è una novità per te, parti dall’inizio e procedi un passo alla volta.',
    'Lo stesso approccio a {term} funziona sia per chi inizia sia per chi ha già esperienza.',
    'Abbiamo spiegato {term} in modo pratico, così puoi provarlo subito dopo la visione.',
  ],
  closing: [
    'Domande su {term}? Scrivile nei commenti e risponderemo a più persone possibile.',
    'Grazie per aver guardato questo video su {term}.',
    'Provaci e raccontaci nei commenti come è andata con {term}.',
  ],
  summaryHeading: 'Cosa vedrai in questo video:',
  keywords: [
    'Lungo il percorso parliamo anche di {list}.',
    'Argomenti correlati in questo video: {list}.',
  ],
  vocabulary: ['Se cerchi {list}, anche qui troverai idee utili.', 'Ti aiuterà anche con {list}.'],
  about: 'Chi è {company}:',
  madeBy: 'Questo video è stato realizzato da {company}.',
  topicsOf: '{company} pubblica video su {list}.',
  topics: 'Su questo canale trovi altri video su {list}.',
  fillers: [
    'Affrontiamo ogni passaggio in ordine, così è facile seguire con i tuoi tempi.',
    'Lungo il percorso indichiamo i piccoli dettagli che fanno la differenza nel risultato.',
    'Vedrai anche gli errori più frequenti e come evitarli fin dall’inizio.',
    'Non servono conoscenze particolari; bastano un po’ di pazienza e la giusta preparazione.',
    'Ogni parte si basa sulla precedente, quindi vale la pena guardare il video intero una volta.',
    'Dopo puoi tornare a qualsiasi parte quando ti serve un rapido promemoria.',
    'Mostriamo cosa ha funzionato per noi, cosa no, e le ragioni di entrambe le cose.',
    'L’obiettivo è semplice: una spiegazione chiara da mettere subito in pratica.',
    'Se qualcosa non è chiaro, metti in pausa e riguarda quella parte; vederla due volte aiuta.',
    'Spieghiamo anche come verificare i tuoi progressi, per sapere che sei sulla strada giusta.',
    'Tutto ciò che vedi qui puoi provarlo da solo con poco sforzo.',
    'Piccoli cambiamenti possono avere un grande effetto, e ne mostriamo diversi esempi.',
    'Annota i punti più importanti per te e riprendili più avanti.',
    'Alla fine saprai cosa fare dopo e come andare avanti.',
    'Non esiste un unico modo perfetto, quindi spieghiamo le opzioni e quando conviene ciascuna.',
    'I passaggi sono mostrati in tempo reale, senza saltare le parti che di solito creano problemi.',
  ],
  cta: {
    casual: [
      'Se ti è piaciuto, iscriviti per vederne altri e condividilo con chi ne ha bisogno.',
      'Lascia un like se ti è stato utile e iscriviti per non perdere il prossimo video.',
    ],
    formal: [
      'Chi ha trovato utile questo video può iscriversi al canale per non perdere i prossimi.',
      'L’iscrizione al canale tiene aggiornati sui nuovi video.',
    ],
  },
  chaptersHeading: 'Capitoli:',
  introChapter: 'Introduzione',
  partChapter: 'Parte {n}',
  and: ' e ',
  genericTitles: [
    'Una guida chiara e pratica: tutto spiegato passo dopo passo',
    'Dall’inizio alla fine: consigli ed errori più comuni',
    'La guida completa: cosa fare e perché funziona',
  ],
  genericIntro: 'Questo video mostra tutto il procedimento, dal primo passo al risultato finale.',
};

const nl: LanguagePack = {
  titleTails: [
    'stap voor stap voor beginners',
    'de complete handleiding',
    'alles wat je moet weten',
    'tips, fouten en wat echt werkt',
    'zo lukt het de eerste keer goed',
    'een praktische gids van begin tot eind',
    'eenvoudige stappen die echt werken',
  ],
  titleShortTails: ['uitgelegd', 'stap voor stap', 'de handleiding', 'voor beginners', 'de basis'],
  titleKeywordTails: ['{kw} eenvoudig uitgelegd', 'een gids voor {kw}', 'met {kw}, stap voor stap'],
  titleMinutesTail: 'uitgelegd in {n} minuten',
  intro: [
    '{Term}: deze video laat het hele proces zien, van de eerste stap tot het eindresultaat.',
    'Alles over {term} in één video: wat je doet, in welke volgorde en waarom het werkt.',
    'Deze video draait helemaal om {term}, met een duidelijke en praktische uitleg om mee te doen.',
  ],
  middle: [
    'Is {term} nieuw voor je, begin dan bij het begin en volg het stap voor stap.',
    'Dezelfde aanpak voor {term} werkt voor beginners en voor wie al wat ervaring heeft.',
    'We hebben de uitleg over {term} praktisch gehouden, zodat je het meteen daarna zelf kunt proberen.',
  ],
  closing: [
    'Vragen over {term}? Zet ze in de reacties, dan beantwoorden we er zoveel mogelijk.',
    'Bedankt voor het kijken naar deze video over {term}.',
    'Probeer het zelf en vertel in de reacties hoe {term} bij jou ging.',
  ],
  summaryHeading: 'Dit zie je in deze video:',
  keywords: ['Onderweg komt ook {list} aan bod.', 'Verwante onderwerpen in deze video: {list}.'],
  vocabulary: [
    'Zoek je naar {list}, dan vind je hier ook nuttige ideeën.',
    'Het helpt ook bij {list}.',
  ],
  about: 'Over {company}:',
  madeBy: 'Deze video is gemaakt door {company}.',
  topicsOf: '{company} maakt video’s over {list}.',
  topics: 'Op dit kanaal vind je meer video’s over {list}.',
  fillers: [
    'We lopen elke stap op volgorde door, zodat je in je eigen tempo kunt meedoen.',
    'Onderweg wijzen we op de kleine details die het grootste verschil maken.',
    'Je ziet ook de fouten die het vaakst voorkomen en hoe je ze vanaf het begin vermijdt.',
    'Speciale kennis is niet nodig; een beetje geduld en een goede voorbereiding zijn genoeg.',
    'Elk deel bouwt voort op het vorige, dus het loont om de hele video één keer te bekijken.',
    'Daarna kun je altijd terug naar een deel als je een snelle opfrisser nodig hebt.',
    'We laten zien wat bij ons werkte, wat niet, en waarom.',
    'Het doel is eenvoudig: een duidelijke uitleg die je meteen in de praktijk kunt brengen.',
    'Is iets onduidelijk, pauzeer dan en bekijk dat stuk opnieuw; twee keer zien helpt vaak.',
    'We leggen ook uit hoe je je voortgang controleert, zodat je weet dat je goed bezig bent.',
    'Alles wat hier te zien is, kun je met weinig moeite zelf proberen.',
    'Kleine veranderingen kunnen veel effect hebben, en daar laten we een paar voorbeelden van zien.',
    'Schrijf de punten op die voor jou het belangrijkst zijn en kom er later op terug.',
    'Aan het eind weet je wat je daarna moet doen en hoe je verder kunt.',
    'Er is niet één perfecte manier, dus we leggen de opties uit en wanneer welke handig is.',
    'De stappen worden in real time getoond, zonder de stukken over te slaan die vaak misgaan.',
  ],
  cta: {
    casual: [
      'Vond je het leuk? Abonneer je voor meer en deel de video met iemand die er iets aan heeft.',
      'Geef een duim omhoog als het je hielp en abonneer je, zodat je de volgende niet mist.',
    ],
    formal: [
      'Wie deze video nuttig vond, kan zich abonneren op het kanaal om niets te missen.',
      'Met een abonnement op het kanaal blijft iedereen op de hoogte van nieuwe video’s.',
    ],
  },
  chaptersHeading: 'Hoofdstukken:',
  introChapter: 'Inleiding',
  partChapter: 'Deel {n}',
  and: ' en ',
  genericTitles: [
    'Een duidelijke, praktische gids: alles stap voor stap uitgelegd',
    'Van begin tot eind: tips en de meest gemaakte fouten',
    'De complete handleiding: wat je doet en waarom het werkt',
  ],
  genericIntro: 'Deze video laat het hele proces zien, van de eerste stap tot het eindresultaat.',
};

/** The packs by language (base subtag). */
export const LANGUAGE_PACKS: Readonly<Record<string, LanguagePack>> = {
  en,
  de,
  es,
  fr,
  pt,
  it,
  nl,
};

/** The pack of a language tag ("pt-BR" → pt), English when there is none. */
export function languagePack(language: string): { code: string; pack: LanguagePack } {
  const code = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
  const pack = LANGUAGE_PACKS[code];
  return pack ? { code, pack } : { code: 'en', pack: en };
}

/** Words that tell a formal tone of voice (the rest reads as casual). */
export const FORMAL_TONE =
  /\b(formal|formell|förmlich|seriös|sachlich|professional|professionell|corporate|business|sie-form|siezen|formel|vous|usted|formale|lei|u-vorm|zakelijk|profissional|profesional|professionnel|professionale)\b/iu;
