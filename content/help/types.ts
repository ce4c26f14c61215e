/**
 * Shapes of the help-center content: long-form guides (rendered by components/help/guide-article.tsx),
 * the FAQ and the video guides. Content carries no prices; product facts follow lib/server/db/seed-catalog.ts.
 */

/** One block of a guide section. A plain string is a paragraph. */
export type GuideBlock =
  | string
  /** Numbered steps, in order. */
  | { steps: string[] }
  /** An unordered list. */
  | { list: string[] }
  /** A data table with a caption. */
  | { table: { caption: string; head: string[]; rows: string[][] } }
  /** A highlighted hint. */
  | { note: string }
  /** A safety or data-loss warning. */
  | { warn: string };

type GuideSubsection = { title: string; blocks: GuideBlock[] };

type GuideSection = {
  /** The anchor of the section (table of contents), ASCII, unique in the guide. */
  id: string;
  title: string;
  blocks: GuideBlock[];
  subsections?: GuideSubsection[];
};

export type HelpLink = { href: string; label: string };

export type Guide = {
  /** The page's only h1. */
  title: string;
  /** The language of the article; 'en' wraps it in lang="en" and uses English UI words. */
  lang: 'zh' | 'en';
  /** ISO date of the last content review. */
  updated: string;
  /** Which products the guide covers, shown under the title. */
  appliesTo: string;
  intro: string[];
  sections: GuideSection[];
  related: HelpLink[];
};

type FaqItem = { question: string; answer: string };

export type FaqGroup = { id: string; title: string; items: FaqItem[] };

type VideoTopic = 'earbuds' | 'disk' | 'service';

/** A chapter of a video guide: where it starts and what is said in it (the transcript). */
type VideoChapter = {
  /** m:ss from the start of the video. */
  start: string;
  title: string;
  transcript: string[];
};

export type VideoGuide = {
  id: string;
  title: string;
  summary: string;
  topic: VideoTopic;
  /** m:ss */
  duration: string;
  keywords: string;
  poster: { src: string; alt: string; width: number; height: number };
  /** The written guide that covers the same steps. */
  guide: HelpLink;
  chapters: VideoChapter[];
};
