// How a path outside the API is answered, as `serve` with cleanUrls and trailingSlash does. Our
// own small responder rather than serve-handler: serve-handler decodes the path again, collapses
// `//` and follows symbolic links, all of which let a path that was checked as one thing be
// served as another. Here the path is decoded once (request-path.ts) and every file is found by
// the runtime at exactly that path (safe-file.ts for Node).
import { UNSERVED_FILES } from '../core/site/host-config.ts';
import { answerHeaders, contentTypeOf, DEFAULT_CONTENT_TYPE, siteCacheControl } from '../core/site/http-policy.ts';
import { sitePaths } from '../core/site/paths.ts';
import { encodePath } from '../core/site/request-path.ts';
import { answerChosenExams } from './exam-feed-answer.ts';
import type { Asked, Service } from './handler.ts';
import { errorAnswer, redirectAnswer } from './made-answer.ts';
import type { SiteRules } from './site-rules.ts';

/** The headers of a site file (path without leading slash): its type and caching, then the host rules. */
export function siteHeaders(rules: SiteRules, sitePath: string): Record<string, string> {
  return {
    ...answerHeaders(),
    'Content-Type': contentTypeOf(sitePath) ?? DEFAULT_CONTENT_TYPE,
    'Cache-Control': siteCacheControl(sitePath),
    ...rules.headersOf(sitePath),
  };
}

/** The file at a site path as the answer, with `status`; undefined when there is none. */
async function fileAt(service: Service, asked: Asked, sitePath: string, status = 200): Promise<Response | undefined> {
  const file = await service.files.find(asked.version, sitePath);
  if (!file) return undefined;
  const headers = siteHeaders(asked.rules, sitePath.slice(1));
  return service.files.respond(asked.request, file, status, headers, { page: sitePath.endsWith('.html') });
}

/** A redirect to a site path below the base, the query kept. */
function movedTo(service: Service, asked: Asked, to: string): Response {
  const query = [...asked.query].length ? `?${asked.query}` : '';
  return redirectAnswer(`${service.basePath.slice(0, -1)}${encodePath(to)}${query}`);
}

/** `/dir/` serves dir/index.html; `/dir` and `/dir/index.html` redirect to `/dir/`; a file serves itself. */
async function pageOrFile(service: Service, asked: Asked): Promise<Response | undefined> {
  const { local } = asked;
  const exists = async (sitePath: string) => (await service.files.find(asked.version, sitePath)) !== undefined;
  if (local.endsWith('/')) return fileAt(service, asked, `${local}index.html`);
  if (local.endsWith('/index.html')) {
    return (await exists(local)) ? movedTo(service, asked, local.slice(0, -'index.html'.length)) : undefined;
  }
  const found = await fileAt(service, asked, local);
  if (found) return found;
  return (await exists(`${local}/index.html`)) ? movedTo(service, asked, `${local}/`) : undefined;
}

/** Answers a site path: its page or file, else 404 (an envelope under the API's folder, else the site's 404 page). */
export async function answerSite(service: Service, asked: Asked): Promise<Response> {
  if (!UNSERVED_FILES.includes(asked.local.slice(1))) {
    // A file first: a course's exam feed is one where the build's files are served whole (not at the edge).
    const found = (await pageOrFile(service, asked)) ?? (await answerChosenExams(service, asked));
    if (found) return found;
  }
  const missing = { status: 404, detail: 'nothing is published at this path.' };
  if (asked.local.startsWith(`/${sitePaths.api}`)) return errorAnswer({ ...missing, format: 'json' }, service.now());
  return (
    (await fileAt(service, asked, '/404.html', 404)) ?? errorAnswer({ ...missing, format: undefined }, service.now())
  );
}
