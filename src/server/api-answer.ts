// How an API path is answered: its JSONP callback checked, its key checked against the method's
// rule, then a live answer (the server's own facts), the method's file, or a 404 envelope that
// says why there is none. Usage is counted only for calls that return data.
import type { MethodService } from '../core/datasets/method-services.ts';
import { envelope } from '../core/records/envelope.ts';
import { type MethodEntry, pathParameters } from '../core/records/method-entry.ts';
import type { ApiRoute } from '../core/site/api-routes.ts';
import { isSafeCallback, MAX_CALLBACK_LENGTH } from '../core/site/callback.ts';
import { API_HEADERS, answerHeaders, apiCacheControl, CONTENT_TYPES } from '../core/site/http-policy.ts';
import { methodListingFile, sitePaths, withBase } from '../core/site/paths.ts';
import { countsUsage } from '../core/site/usage-policy.ts';
import type { Asked, Service, Usage } from './handler.ts';
import { envelopeAnswer, errorAnswer, type Failure } from './made-answer.ts';
import { siteHeaders } from './site-answer.ts';

/** The JSONP callback asked for (undefined when none), or the failure of an unsafe one. */
function callbackOf(query: URLSearchParams, api: ApiRoute): { callback: string | undefined } | Failure {
  const raw = query.get('callback');
  if (api.format !== 'json' || raw === null) return { callback: undefined };
  if (isSafeCallback(raw)) return { callback: raw };
  const detail =
    `callback must be a JavaScript identifier or dotted path such as handleData or app.onData, ` +
    `at most ${MAX_CALLBACK_LENGTH} characters.`;
  return { status: 400, detail, format: 'json', methodId: api.entry?.methodId ?? null };
}

/** Why a method that needs a key refuses this call (401 without one, 403 with one not accepted), if it does. */
function keyFailure(entry: MethodEntry | undefined, key: string | null, accepted: boolean): Failure | undefined {
  if (!entry?.keyRequired) return undefined;
  const methodId = entry.methodId;
  if (!key) {
    const detail = `method ${methodId} needs an API key: add ?key=YOUR_KEY to the URL.`;
    const headers = { 'WWW-Authenticate': 'Key realm="campus-api", param="key"' };
    return { status: 401, detail, format: undefined, methodId, headers };
  }
  if (!accepted) return { status: 403, detail: 'the API key given is not valid.', format: undefined, methodId };
  return undefined;
}

/** Why nothing answers at an API path: no method, a value without a record, or a method without data. */
function missingDetail(asked: Asked, entry: MethodEntry | undefined, basePath: string): string {
  const service = entry ? asked.rules.services.get(entry.methodId) : undefined;
  if (!entry) {
    const listing = withBase(basePath, methodListingFile(asked.rules.directory));
    return `no method answers at this path. The directory of methods is at ${listing}.`;
  }
  if (service?.hasData) {
    return (
      `method ${entry.methodId}${entry.name ? ` (${entry.name})` : ''} has no record at ` +
      `${asked.local.slice(sitePaths.api.length)}: check the value in the path (${entry.path}).`
    );
  }
  return (
    `method ${entry.methodId} (${entry.path}) is listed in the directory, ` +
    `but this static API publishes no data for it.`
  );
}

/** One API call: the route, its callback, and the caller's accepted key. */
interface Call {
  api: ApiRoute;
  entry: MethodEntry | undefined;
  service: MethodService | undefined;
  callback: string | undefined;
  caller: string | undefined;
  at: number;
}

/** Counts the call when it counts (an accepted key, a method whose calls count); its usage after, if counted. */
function countCall(service: Service, call: Call): Promise<Usage> | Usage | undefined {
  const { entry, caller, at } = call;
  return entry && caller && countsUsage(entry, true) ? service.usage.count(caller, at) : undefined;
}

/** A live method's answer made now (counted first, so the key usage, 1097, includes the call asking for it). */
async function liveAnswer(service: Service, call: Call, live: NonNullable<MethodService['live']>): Promise<Response> {
  const { entry, caller, at } = call;
  const counted = (await countCall(service, call)) ?? (caller ? await service.usage.usage(caller, at) : undefined);
  const usage = counted ?? { monthly: 0, total: 0 };
  const record = live.answer({ now: at, ...(caller ? { key: caller } : {}), usage });
  const doc = envelope(entry!.methodId, at, live.data === 'object' ? record : [record]);
  const answered = caller ? { ...doc, meta: { ...doc.meta, requests: usage.monthly } } : doc;
  return envelopeAnswer(answered, call.api.format, call.callback);
}

/** The method's file (or a site file under the API's folder), counted when it holds data; or the 404 envelope. */
async function fileAnswer(service: Service, asked: Asked, call: Call): Promise<Response> {
  const { api, entry, callback } = call;
  const fixed = entry && pathParameters(entry.path).length === 0;
  const sitePath = fixed ? `/${sitePaths.apiFile(entry, api.format)}` : asked.local;
  const file = await service.files.find(asked.version, sitePath);
  if (!file) {
    const detail = missingDetail(asked, entry, service.basePath);
    return errorAnswer(
      { status: 404, detail, format: api.format, methodId: entry?.methodId ?? null, callback },
      service.now(),
    );
  }
  if (call.service?.hasData) await countCall(service, call);
  const headers = entry
    ? {
        ...answerHeaders(),
        'Content-Type': CONTENT_TYPES[api.format]!,
        'Cache-Control': apiCacheControl(entry),
        ...API_HEADERS,
      }
    : siteHeaders(asked.rules, sitePath.slice(1));
  const typed = callback ? { ...headers, 'Content-Type': CONTENT_TYPES.js! } : headers;
  return service.files.respond(asked.request, file, 200, typed, callback ? { callback } : {});
}

/** Answers an API path: callback, key, then a live answer or the method's file. */
export async function answerApi(service: Service, asked: Asked, api: ApiRoute): Promise<Response> {
  const asCallback = callbackOf(asked.query, api);
  if ('status' in asCallback) return errorAnswer(asCallback, service.now());
  const { callback } = asCallback;
  const entry = api.entry;
  const key = asked.query.get('key');
  const accepted = key ? await service.keys.accepts(key) : false;
  const refused = keyFailure(entry, key, accepted);
  if (refused) return errorAnswer({ ...refused, format: api.format, callback }, service.now());
  const methodService = entry ? asked.rules.services.get(entry.methodId) : undefined;
  const call: Call = {
    api,
    entry,
    service: methodService,
    callback,
    caller: key && accepted ? key : undefined,
    at: service.now(),
  };
  if (entry && methodService?.live) return liveAnswer(service, call, methodService.live);
  return fileAnswer(service, asked, call);
}
