// The calendar's search index in memory (src/core/calendar/search-index.ts), queried as the search page fetches it:
// shared by the unit suite on the real data and the property suite of 10,000 (CI: 100,000) generated sessions.
import { searchDocFiles, searchIndexFiles } from '../../src/core/calendar/search-index.ts';
import { findSessions, type SearchDoc, type SearchManifest } from '../../src/core/calendar/search-tokens.ts';
import type { Session } from '../../src/core/calendar/session.ts';
import { calendarPaths } from '../../src/core/site/paths.ts';

/** The index of `sessions` in memory, and a query over it counting the bytes it reads (as the search page fetches). */
export function index(sessions: readonly Session[], placeText?: (location: string) => string) {
  const files = new Map([
    ...[...searchIndexFiles(sessions, placeText)].map((f) => [f.path, f.body] as const),
    ...[...searchDocFiles(sessions)].map((f) => [f.path, f.body()] as const),
  ]);
  const manifest = JSON.parse(files.get(calendarPaths.searchManifest)!) as SearchManifest;
  return {
    files,
    manifest,
    async query(q: string, shown = 15) {
      const read = new Set<string>([calendarPaths.searchManifest]);
      const hits = await findSessions(q, manifest, async (k) => {
        read.add(calendarPaths.searchShard(k));
        return JSON.parse(files.get(calendarPaths.searchShard(k))!);
      });
      const docs = hits.ordinals.slice(0, shown).map((n) => {
        const chunk = calendarPaths.searchDocs(Math.floor(n / manifest.chunk));
        read.add(chunk);
        return (JSON.parse(files.get(chunk)!) as SearchDoc[])[n % manifest.chunk]!;
      });
      return { hits, docs, bytes: [...read].reduce((sum, p) => sum + Buffer.byteLength(files.get(p)!), 0) };
    },
  };
}
