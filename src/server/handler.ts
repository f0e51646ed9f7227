// The request handler of the service, over the web platform's Request and Response: one for
// every runtime. `npm start` runs it through server.ts, the edge through worker.ts. It imports
// no Node.js module (test/unit/edge-handler.test.ts walks its imports): files, keys and usage counts
// come in through the small interfaces below, each runtime's own. It is a router in named
// stages: the request's one canonical path (decided once), the version served and its rules,
// then the answerer of the path (api-answer.ts, site-answer.ts); made answers in made-answer.ts.
import type { DatasetRegistry } from '../core/datasets/dataset.ts';
import type { MethodService } from '../core/datasets/method-services.ts';
import { DIRECTORY_FILE } from '../core/datasets/published-directory.ts';
import type { Format, MethodEntry } from '../core/records/method-entry.ts';
import { formatOfPath } from '../core/site/api-routes.ts';
import { UNSERVED_FILES } from '../core/site/host-config.ts';
import { canonicalPath, readTarget } from '../core/site/request-path.ts';
import { printable } from './access-log.ts';
import { answerApi } from './api-answer.ts';
import { errorAnswer, type Failure, redirectAnswer } from './made-answer.ts';
import { answerSite } from './site-answer.ts';
import { rulesReader, type SiteRules, siteRules } from './site-rules.ts';

export { madeAnswer } from './made-answer.ts';

/** A regular file of the version served, as a runtime found it. */
export interface SiteFile {
  /** Its whole text (the handler reads only the directory file so). */
  text(): Promise<string>;
}

/** How the handler reaches the built site: the version served now, its files, and answers made of them. */
export interface SiteFiles<F extends SiteFile = SiteFile> {
  /** The version served now, named so that a new publication has a new name; undefined when nothing is built. */
  version(): Promise<string | undefined>;
  /** The regular file at a canonical site path (`/v2/…`, below the base path) of a version, or undefined. */
  find(version: string, sitePath: string): Promise<F | undefined>;
  /**
   * Answers with a found file and these headers: its validator and 304, its encodings, HEAD,
   * as the runtime does them; wrapped as JSONP in `callback` when given; an HTML page (`page`)
   * with the policy that allows its own inline scripts.
   */
  respond(
    request: Request,
    file: F,
    status: number,
    headers: Record<string, string>,
    options?: { callback?: string; page?: boolean },
  ): Promise<Response>;
}

/** Which keys are accepted (keys.ts: API_KEYS; the edge: a secret or KV). */
export interface KeyCheck {
  accepts(key: string): boolean | Promise<boolean>;
}

/** A key's counted calls this campus month and in all. */
export interface Usage {
  monthly: number;
  total: number;
}

/** Where calls are counted per key (usage.ts in memory; the edge: a Durable Object). */
export interface UsageStore {
  /** Counts one call with an accepted key at `now` (Unix seconds) and returns its usage after it. */
  count(key: string, now: number): Promise<Usage> | Usage;
  usage(key: string, now: number): Promise<Usage> | Usage;
}

/** What the handler needs. */
export interface HandlerOptions<F extends SiteFile> {
  files: SiteFiles<F>;
  keys: KeyCheck;
  usage: UsageStore;
  /** The data sets whose live methods are answered (their code; the build says which methods publish data). */
  datasets: DatasetRegistry;
  /** The site's base path from SITE_URL, e.g. `/` or `/campus-api/`. */
  basePath?: string;
  /** The directory to answer by when the output holds no directory file (built before it had one). */
  directory?: readonly MethodEntry[];
  services?: ReadonlyMap<number, MethodService>;
  /** The clock, in Unix seconds (tests). */
  now?: () => number;
}

/**
 * What a runtime knows of a request beyond its Request: its raw target (`/path?query`) and
 * method as they came on the wire.
 */
export interface RequestFacts {
  target?: string;
  method?: string;
}

/** What every answerer reads: the runtime's files, keys and counter, the base path and the clock. */
export interface Service<F extends SiteFile = SiteFile> {
  files: SiteFiles<F>;
  keys: KeyCheck;
  usage: UsageStore;
  basePath: string;
  now: () => number;
}

/** One request as the answerers see it: its canonical site path (below the base), query, version and its rules. */
export interface Asked {
  request: Request;
  local: string;
  query: URLSearchParams;
  version: string;
  rules: SiteRules;
}

/** The request's one canonical path and query (stage 1), or the failure that ends it. */
function decidePath(request: Request, facts: RequestFacts): { path: string; query: string } | Failure {
  const url = new URL(request.url);
  const target = facts.target ?? `${url.pathname}${url.search}`;
  const read = readTarget(target);
  if (!read) return { status: 400, detail: 'the request path must start with /.', format: guessFormat(target) };
  const canonical = canonicalPath(read.path);
  if (!canonical.ok) return { status: canonical.status, detail: canonical.reason, format: guessFormat(read.path) };
  const method = facts.method ?? request.method;
  if (method !== 'GET' && method !== 'HEAD') {
    const detail = `${printable(method)} is not supported: this API answers GET and HEAD.`;
    return { status: 405, detail, format: formatOfPath(canonical.path), headers: { Allow: 'GET, HEAD' } };
  }
  return { path: canonical.path, query: read.query };
}

/** The format an error about a path that is not one should take: XML when the path says so, else JSON. */
function guessFormat(path: string): Format {
  return /xml/i.test(path) ? 'xml' : 'json';
}

/**
 * The service's request handler: decides each request's canonical path once, then answers from
 * the version of the site served (the API with JSONP, keys and error envelopes; the site's
 * pages and files), with the security headers on every response.
 */
export function createHandler<F extends SiteFile>(
  options: HandlerOptions<F>,
): (request: Request, facts?: RequestFacts) => Promise<Response> {
  const basePath = options.basePath ?? '/';
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const service: Service<F> = { files: options.files, keys: options.keys, usage: options.usage, basePath, now };
  const fallback = options.directory ? siteRules(options.directory, options.services ?? new Map()) : undefined;
  const rulesOf = rulesReader(options.files, options.datasets, fallback);
  const fail = (failure: Failure) => errorAnswer(failure, now());

  return async (request, facts = {}) => {
    const decided = decidePath(request, facts);
    if ('status' in decided) return fail(decided);
    const format = formatOfPath(decided.path);
    if (`${decided.path}/` === basePath && basePath !== '/') return redirectAnswer(basePath);
    if (!decided.path.startsWith(basePath))
      return fail({ status: 404, detail: 'nothing is published at this path.', format });
    // Stage 2: the version served now, and its rules.
    const version = await service.files.version();
    if (!version) return fail({ status: 503, detail: 'the site is not built yet: run npm run build.', format });
    const rules = await rulesOf(version);
    if (!rules) {
      const detail = `the output holds no directory of methods (${DIRECTORY_FILE}): run npm run build.`;
      return fail({ status: 503, detail, format });
    }
    // Stage 3: the answerer. The files the build writes for hosts and for itself are never
    // answered, whatever the path's extension.
    const local = `/${decided.path.slice(basePath.length)}`;
    const asked: Asked = { request, local, query: new URLSearchParams(decided.query), version, rules };
    const api = UNSERVED_FILES.includes(local.slice(1)) ? undefined : rules.route(local);
    return api ? answerApi(service, asked, api) : answerSite(service, asked);
  };
}
