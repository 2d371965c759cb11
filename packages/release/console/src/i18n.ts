import { IntlMessageFormat } from 'intl-messageformat';
import { createElement, Fragment, type ReactNode } from 'react';

// The console's texts in the languages the platform ships (English, German, Arabic; Arabic right to
// left), as ICU messages. The page's language: the person's choice (kept in localStorage), else the
// first of the browser's languages it has, else English.

export const LOCALES = ['en', 'de', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

const en = {
  title: 'Release console',
  skip: 'Skip to the content',
  nav: 'Console',
  notices: 'Notices',
  overview: 'Environments',
  audit: 'Audit log',
  language: 'Language',
  signIn: 'Sign in',
  signOut: 'Sign out',
  signedInAs: 'Signed in as {name}',
  readOnly:
    'Read-only: this service has no sign-in, so nothing can be changed from here. Use mfe-release on the command line.',
  mayNotAct: 'You can read this console; changing an environment takes a role it names.',
  loading: 'Loading…',
  failed: 'The release service did not answer ({message}). It keeps trying; what is shown may be old.',
  signInToRead: 'This console shows its environments to people signed in: sign in to read it.',
  live: 'Live: updates as the store changes',
  liveLost: 'Live updates paused: the service does not answer. Reload to try again.',
  updated: 'Updated at {time}',
  changedElsewhere: 'Changed elsewhere: {envs}. The page shows the change.',
  store: 'Store {where}',
  revision: 'revision {revision}',
  noManifest: 'nothing deployed yet',
  changedBy: '{description} by {actor}, {when}',
  remote: 'Remote',
  version: 'Stable version',
  path: 'Route',
  canary: 'Canary',
  rollout: 'Rollout',
  errorsPerLoad: 'Errors per load, last hour',
  noFigures: 'no figures',
  figuresDown: 'Error rates are missing: Prometheus did not answer ({message}).',
  contributionsOnly: 'contributions only',
  canaryAt: '{version} at {percent} %',
  rolloutAt: '{status} at {percent} %, for {since}',
  promotedFrom: 'Promoted from {env}',
  sameAs: 'the same as {env}',
  wouldChange: 'Promoting from {env} would change:',
  history: 'History',
  actions: 'Actions',
  rollback: 'Roll back',
  promote: 'Promote from {env}',
  pause: 'Pause',
  resume: 'Resume',
  abort: 'Abort',
  reason: 'Why (recorded with the change)',
  reasonRequired: 'Why (required in {env})',
  check: 'Show what would change',
  confirm: 'Make the change',
  cancel: 'Cancel',
  wouldBe: 'This would make {env} revision {revision}:',
  done: 'Done: {line}',
  conflict:
    '{env} changed while this page showed it ({message}). Nothing was changed: look again, then act on what you see.',
  refused: 'Refused: {message}',
  forbidden: 'Not allowed: {message}',
  searchHistory: 'Search the revisions (who, why, what, a version)',
  search: 'Search',
  older: 'Older revisions',
  when: 'When',
  who: 'Who',
  what: 'What',
  why: 'Why',
  noRevisions: 'No revision matches.',
  diff: 'What changed',
  noDiff: 'Nothing changed in the remotes.',
  manifest: 'The whole manifest',
  parent: 'made from revision {parent}',
  rolloutOf: 'Rollout of {remote}@{version} in {env}',
  status: 'Status: {status}',
  ending: 'Ended: {code} (exit status {exit})',
  steps: 'Shares',
  shareSince: '{percent} % from {time}',
  chart: 'Errors per load at each look',
  chartSummary:
    'Candidate and stable build, each with its interval; the candidate is promoted while the difference stays within the margin of {margin}, and rolled back above the ceiling of {ceiling}.',
  candidate: 'Candidate',
  stable: 'Stable',
  lookTable: 'Each look, as a table',
  look: 'Look',
  share: 'Share',
  verdict: 'Verdict',
  loads: 'loads',
  errors: 'errors',
  interval: 'interval',
  difference: 'Difference',
  margin: 'Margin',
  needs: 'It needs about {loads} more candidate loads{eta}.',
  needsEta: ', about {time} at today’s traffic',
  neverWithin: 'At the rates so far it cannot be shown within the margin.',
  held: 'Held since {since}: {why}',
  log: 'What it did',
  noLooks: 'No look with figures yet.',
  auditTitle: 'The store’s audit log',
  kind: 'Kind',
  summary: 'What happened',
  more: 'More',
  build: 'Build {name}@{version}',
  publishedBy: 'Published by {actor}, {when}',
  verified: 'verify: every file as published',
  altered: 'verify: {count, plural, one {# file differs} other {# files differ}}',
  file: 'File',
  hash: 'sha384',
  notFound: 'Nothing here: {message}',
  wait: 'waiting',
  healthy: 'healthy',
  worse: 'worse',
  running: 'running',
  paused: 'paused',
  promoted: 'promoted',
  'rolled-back': 'rolled back',
  aborted: 'aborted',
  stopped: 'stopped',
  'gave-up': 'gave up',
} as const;

export type MessageKey = keyof typeof en;

const de: Record<MessageKey, string> = {
  title: 'Release-Konsole',
  skip: 'Zum Inhalt springen',
  nav: 'Konsole',
  notices: 'Hinweise',
  overview: 'Umgebungen',
  audit: 'Prüfprotokoll',
  language: 'Sprache',
  signIn: 'Anmelden',
  signOut: 'Abmelden',
  signedInAs: 'Angemeldet als {name}',
  readOnly:
    'Nur lesen: Dieser Dienst hat keine Anmeldung, hier lässt sich nichts ändern. Nutzen Sie mfe-release auf der Kommandozeile.',
  mayNotAct: 'Sie können diese Konsole lesen; eine Umgebung zu ändern erfordert eine Rolle, die sie nennt.',
  loading: 'Wird geladen …',
  failed:
    'Der Release-Dienst hat nicht geantwortet ({message}). Er versucht es weiter; das Gezeigte kann veraltet sein.',
  signInToRead: 'Diese Konsole zeigt ihre Umgebungen nur angemeldeten Personen: Melden Sie sich an, um sie zu lesen.',
  live: 'Live: aktualisiert sich, wenn sich der Speicher ändert',
  liveLost: 'Live-Aktualisierung angehalten: Der Dienst antwortet nicht. Laden Sie neu, um es erneut zu versuchen.',
  updated: 'Aktualisiert um {time}',
  changedElsewhere: 'Anderswo geändert: {envs}. Die Seite zeigt die Änderung.',
  store: 'Speicher {where}',
  revision: 'Revision {revision}',
  noManifest: 'noch nichts ausgeliefert',
  changedBy: '{description} von {actor}, {when}',
  remote: 'Remote',
  version: 'Stabile Version',
  path: 'Route',
  canary: 'Canary',
  rollout: 'Rollout',
  errorsPerLoad: 'Fehler pro Laden, letzte Stunde',
  noFigures: 'keine Zahlen',
  figuresDown: 'Fehlerraten fehlen: Prometheus hat nicht geantwortet ({message}).',
  contributionsOnly: 'nur Beiträge',
  canaryAt: '{version} bei {percent} %',
  rolloutAt: '{status} bei {percent} %, seit {since}',
  promotedFrom: 'Übernommen aus {env}',
  sameAs: 'gleich wie {env}',
  wouldChange: 'Eine Übernahme aus {env} würde ändern:',
  history: 'Verlauf',
  actions: 'Aktionen',
  rollback: 'Zurücksetzen',
  promote: 'Aus {env} übernehmen',
  pause: 'Anhalten',
  resume: 'Fortsetzen',
  abort: 'Abbrechen',
  reason: 'Warum (wird mit der Änderung gespeichert)',
  reasonRequired: 'Warum (in {env} erforderlich)',
  check: 'Zeigen, was sich ändern würde',
  confirm: 'Ändern',
  cancel: 'Abbrechen',
  wouldBe: 'Das würde {env} zu Revision {revision} machen:',
  done: 'Erledigt: {line}',
  conflict:
    '{env} hat sich geändert, während diese Seite es zeigte ({message}). Nichts wurde geändert: Sehen Sie erneut hin und handeln Sie nach dem, was Sie sehen.',
  refused: 'Abgelehnt: {message}',
  forbidden: 'Nicht erlaubt: {message}',
  searchHistory: 'Revisionen durchsuchen (wer, warum, was, eine Version)',
  search: 'Suchen',
  older: 'Ältere Revisionen',
  when: 'Wann',
  who: 'Wer',
  what: 'Was',
  why: 'Warum',
  noRevisions: 'Keine Revision passt.',
  diff: 'Was sich geändert hat',
  noDiff: 'An den Remotes hat sich nichts geändert.',
  manifest: 'Das ganze Manifest',
  parent: 'aus Revision {parent}',
  rolloutOf: 'Rollout von {remote}@{version} in {env}',
  status: 'Status: {status}',
  ending: 'Beendet: {code} (Exit-Status {exit})',
  steps: 'Anteile',
  shareSince: '{percent} % ab {time}',
  chart: 'Fehler pro Laden bei jedem Blick',
  chartSummary:
    'Kandidat und stabiler Build, jeweils mit Intervall; der Kandidat rückt vor, solange die Differenz innerhalb der Marge von {margin} bleibt, und wird oberhalb der Obergrenze von {ceiling} zurückgesetzt.',
  candidate: 'Kandidat',
  stable: 'Stabil',
  lookTable: 'Jeder Blick als Tabelle',
  look: 'Blick',
  share: 'Anteil',
  verdict: 'Urteil',
  loads: 'Ladevorgänge',
  errors: 'Fehler',
  interval: 'Intervall',
  difference: 'Differenz',
  margin: 'Marge',
  needs: 'Es braucht noch etwa {loads} Ladevorgänge des Kandidaten{eta}.',
  needsEta: ', etwa {time} beim heutigen Verkehr',
  neverWithin: 'Bei den bisherigen Raten lässt es sich nicht innerhalb der Marge zeigen.',
  held: 'Angehalten seit {since}: {why}',
  log: 'Was es getan hat',
  noLooks: 'Noch kein Blick mit Zahlen.',
  auditTitle: 'Das Prüfprotokoll des Speichers',
  kind: 'Art',
  summary: 'Was geschah',
  more: 'Mehr',
  build: 'Build {name}@{version}',
  publishedBy: 'Veröffentlicht von {actor}, {when}',
  verified: 'verify: jede Datei wie veröffentlicht',
  altered: 'verify: {count, plural, one {# Datei weicht ab} other {# Dateien weichen ab}}',
  file: 'Datei',
  hash: 'sha384',
  notFound: 'Hier ist nichts: {message}',
  wait: 'wartet',
  healthy: 'gesund',
  worse: 'schlechter',
  running: 'läuft',
  paused: 'angehalten',
  promoted: 'übernommen',
  'rolled-back': 'zurückgesetzt',
  aborted: 'abgebrochen',
  stopped: 'gestoppt',
  'gave-up': 'aufgegeben',
};

const ar: Record<MessageKey, string> = {
  title: 'وحدة تحكم الإصدارات',
  skip: 'انتقل إلى المحتوى',
  nav: 'وحدة التحكم',
  notices: 'تنبيهات',
  overview: 'البيئات',
  audit: 'سجل التدقيق',
  language: 'اللغة',
  signIn: 'تسجيل الدخول',
  signOut: 'تسجيل الخروج',
  signedInAs: 'مسجّل الدخول باسم {name}',
  readOnly:
    'للقراءة فقط: لا يوجد تسجيل دخول لهذه الخدمة، فلا يمكن تغيير شيء من هنا. استخدم mfe-release في سطر الأوامر.',
  mayNotAct: 'يمكنك قراءة وحدة التحكم هذه؛ تغيير بيئة يتطلب دورًا تسميه.',
  loading: 'جارٍ التحميل…',
  failed: 'لم تُجب خدمة الإصدارات ({message}). ستواصل المحاولة؛ قد يكون المعروض قديمًا.',
  signInToRead: 'تعرض هذه الواجهة بيئاتها لمن سجّلوا الدخول فقط: سجّل الدخول لقراءتها.',
  live: 'مباشر: يتحدّث كلما تغيّر المخزن',
  liveLost: 'توقّف التحديث المباشر: الخدمة لا تجيب. أعد التحميل للمحاولة مجددًا.',
  updated: 'حُدّث في {time}',
  changedElsewhere: 'تغيّر من مكان آخر: {envs}. تعرض الصفحة التغيير.',
  store: 'المخزن {where}',
  revision: 'المراجعة {revision}',
  noManifest: 'لم يُنشر شيء بعد',
  changedBy: '{description} بواسطة {actor}، {when}',
  remote: 'الوحدة البعيدة',
  version: 'الإصدار المستقر',
  path: 'المسار',
  canary: 'الكناري',
  rollout: 'الطرح التدريجي',
  errorsPerLoad: 'الأخطاء لكل تحميل، آخر ساعة',
  noFigures: 'لا أرقام',
  figuresDown: 'معدلات الأخطاء غير متاحة: لم يُجب Prometheus ({message}).',
  contributionsOnly: 'مساهمات فقط',
  canaryAt: '{version} عند {percent} %',
  rolloutAt: '{status} عند {percent} %، منذ {since}',
  promotedFrom: 'مُرقّى من {env}',
  sameAs: 'مطابق لـ {env}',
  wouldChange: 'الترقية من {env} ستغيّر:',
  history: 'السجل',
  actions: 'الإجراءات',
  rollback: 'التراجع',
  promote: 'الترقية من {env}',
  pause: 'إيقاف مؤقت',
  resume: 'استئناف',
  abort: 'إلغاء',
  reason: 'السبب (يُسجَّل مع التغيير)',
  reasonRequired: 'السبب (مطلوب في {env})',
  check: 'اعرض ما سيتغيّر',
  confirm: 'نفّذ التغيير',
  cancel: 'إلغاء',
  wouldBe: 'هذا سيجعل {env} في المراجعة {revision}:',
  done: 'تمّ: {line}',
  conflict: 'تغيّرت {env} بينما كانت هذه الصفحة تعرضها ({message}). لم يتغيّر شيء: انظر مجددًا ثم تصرّف بحسب ما تراه.',
  refused: 'مرفوض: {message}',
  forbidden: 'غير مسموح: {message}',
  searchHistory: 'ابحث في المراجعات (من، لماذا، ماذا، إصدار)',
  search: 'بحث',
  older: 'مراجعات أقدم',
  when: 'متى',
  who: 'من',
  what: 'ماذا',
  why: 'لماذا',
  noRevisions: 'لا توجد مراجعة مطابقة.',
  diff: 'ما الذي تغيّر',
  noDiff: 'لم يتغيّر شيء في الوحدات البعيدة.',
  manifest: 'البيان كاملًا',
  parent: 'مبنية على المراجعة {parent}',
  rolloutOf: 'الطرح التدريجي لـ {remote}@{version} في {env}',
  status: 'الحالة: {status}',
  ending: 'انتهى: {code} (رمز الخروج {exit})',
  steps: 'الحصص',
  shareSince: '{percent} % منذ {time}',
  chart: 'الأخطاء لكل تحميل عند كل نظرة',
  chartSummary:
    'المرشّح والإصدار المستقر، كلٌّ مع فترته؛ يُرقّى المرشّح ما دام الفرق ضمن الهامش {margin}، ويُتراجع عنه فوق السقف {ceiling}.',
  candidate: 'المرشّح',
  stable: 'المستقر',
  lookTable: 'كل نظرة في جدول',
  look: 'النظرة',
  share: 'الحصة',
  verdict: 'الحكم',
  loads: 'تحميلات',
  errors: 'أخطاء',
  interval: 'الفترة',
  difference: 'الفرق',
  margin: 'الهامش',
  needs: 'يحتاج إلى نحو {loads} تحميلًا إضافيًا للمرشّح{eta}.',
  needsEta: '، نحو {time} بحركة اليوم',
  neverWithin: 'بالمعدلات الحالية لا يمكن إثبات بقائه ضمن الهامش.',
  held: 'معلّق منذ {since}: {why}',
  log: 'ما فعله',
  noLooks: 'لا نظرة بأرقام بعد.',
  auditTitle: 'سجل تدقيق المخزن',
  kind: 'النوع',
  summary: 'ما حدث',
  more: 'المزيد',
  build: 'البناء {name}@{version}',
  publishedBy: 'نشره {actor}، {when}',
  verified: 'verify: كل ملف كما نُشر',
  altered:
    'verify: {count, plural, zero {لا ملفات مختلفة} one {ملف واحد مختلف} two {ملفان مختلفان} few {# ملفات مختلفة} many {# ملفًا مختلفًا} other {# ملف مختلف}}',
  file: 'الملف',
  hash: 'sha384',
  notFound: 'لا شيء هنا: {message}',
  wait: 'ينتظر',
  healthy: 'سليم',
  worse: 'أسوأ',
  running: 'قيد التشغيل',
  paused: 'متوقف مؤقتًا',
  promoted: 'رُقّي',
  'rolled-back': 'تمّ التراجع عنه',
  aborted: 'أُلغي',
  stopped: 'توقّف',
  'gave-up': 'استسلم',
};

const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { en, de, ar };

/** The page's texts in one language, its formats, and its direction. */
export interface Texts {
  readonly locale: Locale;
  readonly dir: 'ltr' | 'rtl';
  t(key: MessageKey, values?: Record<string, string | number>): string;
  /** The same with parts that are elements (a version isolated left to right, the service's English). */
  rich(key: MessageKey, values: Record<string, ReactNode>): ReactNode;
  time(ms: number): string;
  ago(ms: number, now?: number): string;
  duration(ms: number): string;
  number(value: number, digits?: number): string;
}

export function textsFor(locale: Locale): Texts {
  const compiled = new Map<MessageKey, IntlMessageFormat>();
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
    ['second', 1_000],
  ];
  const duration = (ms: number) => {
    const [unit, size] = units.find(([, size]) => Math.abs(ms) >= size) ?? ['second', 1_000];
    return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 0 }).format(
      Math.round(ms / size),
    );
  };
  return {
    locale,
    dir: locale === 'ar' ? 'rtl' : 'ltr',
    t(key, values) {
      let format = compiled.get(key);
      if (!format) compiled.set(key, (format = new IntlMessageFormat(CATALOGUES[locale][key], locale)));
      return String(format.format(values));
    },
    rich(key, values) {
      let format = compiled.get(key);
      if (!format) compiled.set(key, (format = new IntlMessageFormat(CATALOGUES[locale][key], locale)));
      const parts = format.format<ReactNode>(values as Record<string, string>);
      return Array.isArray(parts)
        ? createElement(Fragment, null, ...parts.map((part, index) => createElement(Fragment, { key: index }, part)))
        : parts;
    },
    time: (ms) => dates.format(ms),
    ago(ms, now = Date.now()) {
      const [unit, size] = units.find(([, size]) => Math.abs(now - ms) >= size) ?? ['second', 1_000];
      return relative.format(-Math.round((now - ms) / size), unit);
    },
    duration,
    number: (value, digits = 3) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value),
  };
}

/** The person's choice, else the first of the browser's languages the console has, else English. */
export function chooseLocale(stored: string | null, browser: readonly string[]): Locale {
  if (LOCALES.includes(stored as Locale)) return stored as Locale;
  for (const tag of browser) {
    const language = tag.toLowerCase().split('-')[0] as Locale;
    if (LOCALES.includes(language)) return language;
  }
  return 'en';
}

/**
 * A name, version, route or revision as it is written (`0.1.0+ac78a1c1`, `/account`): isolated left
 * to right, so a right-to-left page does not reorder its parts.
 */
export const asWritten = (text: string | number): ReactNode => createElement('bdi', { dir: 'ltr' }, text);

/** A line the release service wrote (a dry run, a refusal, what was done): English, left to right, isolated. */
export const serviceLine = (text: string): ReactNode => createElement('bdi', { lang: 'en', dir: 'ltr' }, text);

export const AUTONYMS: Record<Locale, string> = { en: 'English', de: 'Deutsch', ar: 'العربية' };
