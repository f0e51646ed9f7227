import type { RenderContext } from '../../site/address.ts';
import { countSessions } from '../calendar.ts';
import { type Feed, type SubscriptionFeeds, termFeedName } from '../feeds.ts';
import { findText, programAnchor } from '../finder.ts';
import type { ArchiveNoticeView } from './archive-notice.ts';
import { type SubscribeView, subscribeView } from './feed-links.ts';

export { programAnchor } from '../finder.ts';

/** One feed as a line that opens to its subscribe block; `find` is the text the finder matches (findText). */
export interface FeedItemView {
  id: string | undefined;
  label: string;
  count: number;
  find: string;
  subscribe: SubscribeView;
}

/** A section of the feeds page: its anchor, heading and feeds. */
export interface FeedSectionView {
  id: string;
  name: string;
  items: FeedItemView[];
}

/**
 * The feeds page (src/components/calendar/FeedsBody.astro): a finder (it shows with JavaScript),
 * jump links to each faculty, then every feed grouped by faculty, audience and term, each opening
 * to its subscribe block, and the window of the windowed feeds.
 */
export interface FeedsPageView {
  all: FeedItemView[];
  faculties: FeedSectionView[];
  audiences: FeedSectionView;
  terms: FeedSectionView;
  /** The windowed feeds' terms (`Spring 2014 to Winter 2015`, `3 terms`); undefined without any. */
  window: { span: string; terms: string; words: string } | undefined;
  /** The archive notice of the whole data, if any (archiveNotice). */
  archive?: ArchiveNoticeView | undefined;
}

type Ctx = Pick<RenderContext, 'url' | 'basePath'>;

function feedItem(feed: Feed, label: string, find: string, ctx: Ctx, id?: string): FeedItemView {
  const subscribe = subscribeView({ path: feed.path, name: feed.name, label }, ctx);
  return { id, label, count: countSessions(feed.sessions), find, subscribe };
}

/** The window of the windowed feeds, in words. */
function windowOf(feeds: SubscriptionFeeds): FeedsPageView['window'] {
  const w = feeds.window;
  if (w.length === 0) return undefined;
  const span = w.length === 1 ? w[0]!.label : `${w.at(-1)!.label} to ${w[0]!.label}`;
  return { span, terms: w.length === 1 ? 'term' : `${w.length} terms`, words: feeds.windowWords };
}

/** A faculty's section: its whole feed, then each program's (anchored for links from session pages). */
function facultySection(f: SubscriptionFeeds['faculties'][number], ctx: Ctx): FeedSectionView {
  const any = feedItem(
    f,
    `Any program of ${f.group.fullName}`,
    findText([f.group.name, f.group.fullName], f.group.abbreviations),
    ctx,
  );
  const programs = f.programs.map((p) =>
    feedItem(
      p,
      p.program.name,
      findText([p.program.name, f.group.name, ...p.program.labels], p.program.abbreviations),
      ctx,
      programAnchor(p.program.slug),
    ),
  );
  return { id: `faculty-${f.group.slug}`, name: f.group.name, items: [any, ...programs] };
}

/** The feeds page as data. A program's feed holds the sessions open to it through its faculty too. */
export function feedsPageView(feeds: SubscriptionFeeds, ctx: Ctx): FeedsPageView {
  return {
    all: [
      feedItem(feeds.all, 'All sessions', findText(['all sessions everything']), ctx),
      feedItem(feeds.everyProgram, 'Sessions open to every program', findText(['every program all']), ctx),
    ],
    faculties: feeds.faculties.map((f) => facultySection(f, ctx)),
    audiences: {
      id: 'by-audience',
      name: 'By audience',
      items: feeds.audiences.map((a) => feedItem(a, a.label, findText([a.label, 'audience']), ctx)),
    },
    terms: {
      id: 'by-term',
      name: 'By term',
      items: feeds.terms.map((t) => feedItem(t, t.name.replace(termFeedName(''), ''), findText([t.name]), ctx)),
    },
    window: windowOf(feeds),
  };
}
