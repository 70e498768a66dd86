// One API request in, one answer out, with no I/O: the order of checks every route shares.
//   1. time moves to the emulator's clock: campaigns whose scheduled_at passed, emails sent or
//      scheduled, their events (`advance`, from index.ts)
//   2. rate limit of the key's team (unknown or missing keys share an "anonymous" bucket, so
//      every answer carries the X-RateLimit headers); 429 when exceeded; with the limit off
//      the headers still report the service's 3 a second, as a budget never spent;
//      then a sandbox key's own minute and day budget (X-Sandbox-RateLimit-*, 429 when spent).
//      GET /health, which reads no key, spends and is refused neither. With the authentication
//      lockout on, a caller blocked after repeated 401s is refused here (429).
//   3. route lookup: unknown path → 404 JSON; a known path with another method → 405 with
//      `Allow` (OPTIONS → 204 with `Allow`); HEAD is answered as GET without a body
//   4. authentication (401), scope (403 insufficient_scope), sandbox (403 sandbox_restricted)
//   5. unparsable JSON body on a route that reads one → 422 validation_error naming `body`
//   6. the handler: validation (422), existence (404), state (422), the action (200)
import { ApiError, unexpected, validationFailed, type ApiResponse } from './api-error.js';
import type { AuthLockout } from './auth-lockout.js';
import { authenticate, authorize, type ApiKey } from './keys.js';
import { TokenBucket } from './rate-limit.js';
import { SandboxBudget, type SandboxLimits } from './sandbox-budget.js';
import { Router, type RouteContext, type RouteMatch } from './router.js';
import { audienceRoutes } from './routes/audience.js';
import { authRoutes } from './routes/auth.js';
import { bulkRoutes } from './routes/bulk.js';
import { campaignEventRoutes } from './routes/campaign-events.js';
import { campaignRoutes } from './routes/campaigns.js';
import { emailRoutes } from './routes/emails.js';
import { webhookRoutes } from './routes/webhooks.js';
// the sending side of service-api-rest.md (operations 3 to 24)
import { domainRoutes } from './routes/domains.js';
import { sendRoutes } from './routes/send.js';
import { templateRoutes } from './routes/templates.js';
import { webhookAdminRoutes } from './routes/webhook-admin.js';
import type { EmulatorStore } from './types.js';

export interface ApiRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** the bearer token sent, if any */
  token: string | undefined;
  body: unknown;
  /** a body was sent and is not valid JSON */
  bodyInvalid: boolean;
  /** the client's address: whom an authentication-failure block applies to */
  caller?: string;
  now: number;
}

const router = new Router([
  ...authRoutes,
  ...emailRoutes,
  ...campaignRoutes,
  ...campaignEventRoutes,
  ...audienceRoutes,
  ...bulkRoutes,
  ...webhookRoutes,
  ...sendRoutes,
  ...domainRoutes,
  ...webhookAdminRoutes,
  ...templateRoutes,
]);

/**
 * The route method a request is answered as: HEAD is GET without the body (RFC 9110 9.3.2; every
 * GET route answers it, the server writing the headers only).
 */
function routeMethod(method: string): string {
  return method === 'HEAD' ? 'GET' : method;
}

/** The service's documented rate (service-notes), reported when the emulator does not enforce one. */
const SERVICE_RATE = 3;

export class EmulatorApp {
  private readonly keys: ReadonlyMap<string, ApiKey>;
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly sandboxBudgets = new Map<string, SandboxBudget>();

  constructor(
    private readonly store: EmulatorStore,
    keys: ApiKey[],
    private readonly rateLimit: number,
    /** undefined: sandbox keys are not budgeted (and get no X-Sandbox-RateLimit headers) */
    private readonly sandboxLimits?: SandboxLimits,
    /** moves the store to the emulator's clock before each request */
    private readonly advance: (now: number) => void = () => {},
    /** the service's block after repeated authentication failures; undefined: off */
    private readonly lockout?: AuthLockout,
  ) {
    this.keys = new Map(keys.map((k) => [k.key, k]));
  }

  handle(req: ApiRequest): ApiResponse {
    this.advance(req.now);
    const token = req.token;
    const key = token === undefined ? undefined : this.keys.get(token);
    let rateHeaders: Record<string, string>;
    const match = router.match(routeMethod(req.method), req.path);
    // OPTIONS reads no key either (a CORS preflight carries none): it only says what the path allows.
    const isPublic = match?.route.public === true || (req.method === 'OPTIONS' && router.allowed(req.path).length > 0);
    if (isPublic) {
      // GET /health reads no key and belongs to no team, so it spends no budget and is never
      // refused: 429 is for authenticated operations (spec 4), and 4.1 documents no error.
      const rate = this.rateLimit > 0 ? this.rateLimit : SERVICE_RATE;
      rateHeaders = {
        'X-RateLimit-Limit': String(rate),
        'X-RateLimit-Remaining': String(Math.max(1, Math.floor(rate))),
        'X-RateLimit-Reset': String(Math.ceil(req.now / 1000)),
      };
    } else if (this.rateLimit > 0) {
      const outcome = this.bucket(key?.team ?? 'anonymous', req.now).take(req.now);
      if (outcome.error) return outcome.error.toResponse();
      rateHeaders = outcome.headers;
    } else {
      // Not enforced: a full budget, so a client pacing on these headers never waits for nothing.
      rateHeaders = {
        'X-RateLimit-Limit': String(SERVICE_RATE),
        'X-RateLimit-Remaining': String(SERVICE_RATE),
        'X-RateLimit-Reset': String(Math.ceil(req.now / 1000)),
      };
    }
    const caller = req.caller ?? 'unknown';
    const blocked = isPublic ? undefined : this.lockout?.refusal(caller, req.now);
    if (blocked) return { ...blocked.toResponse(), headers: { ...rateHeaders, ...blocked.headers } };
    if (!isPublic && key?.sandbox && this.sandboxLimits) {
      let budget = this.sandboxBudgets.get(key.key);
      if (!budget) this.sandboxBudgets.set(key.key, (budget = new SandboxBudget(this.sandboxLimits)));
      const outcome = budget.take(req.now);
      if (outcome.refused) return { ...outcome.refused, headers: { ...rateHeaders, ...outcome.refused.headers } };
      rateHeaders = { ...rateHeaders, ...outcome.headers };
    }
    const res = this.route(req, match, token);
    if (res.status === 401) this.lockout?.failed(caller, req.now);
    // Again after the handler: what it sent or scheduled sets when the emulator next wakes.
    this.advance(req.now);
    return { ...res, headers: { ...rateHeaders, ...res.headers } };
  }

  private route(req: ApiRequest, match: RouteMatch | undefined, token: string | undefined): ApiResponse {
    if (!match) {
      // HTTP's answers for a path the service knows (RFC 9110 9.3.7, 15.5.6; a Laravel API such
      // as the service answers the same way): OPTIONS lists the methods, another method is 405.
      // Both come before authentication, as a 404 does: no key is read to find a route.
      const allow = router.allowed(req.path);
      if (allow.length > 0 && req.method === 'OPTIONS') return { status: 204, body: {}, headers: { Allow: allow.join(', ') } };
      if (allow.length > 0) {
        return {
          status: 405,
          body: {
            message: `The ${req.method} method is not supported for route ${req.path}. Supported methods: ${allow.filter((m) => m !== 'OPTIONS').join(', ')}.`,
            error_code: 'method_not_allowed',
          },
          headers: { Allow: allow.join(', ') },
        };
      }
      return {
        status: 404,
        body: { message: `The route ${req.method} ${req.path} could not be found.`, error_code: 'not_found' },
      };
    }
    try {
      if (match.route.public) {
        // No key is read (GET /health): the handler is given no team and no key to look at.
        return match.route.handler({ params: match.params, query: req.query, body: req.body, now: req.now } as RouteContext);
      }
      const key = authenticate(this.keys, token);
      authorize(key, match.route.scope, match.route.sandboxBlocked === true);
      if (match.route.body && req.bodyInvalid) {
        // A validation failure, as a body that is JSON but not an object is: 422 is what every
        // operation with a body documents (spec 9.1), while 400 is defined on few of them and
        // `invalid_json` is no documented error code.
        throw validationFailed({ body: ['The request body must be valid JSON.'] });
      }
      return match.route.handler({
        team: this.store.teams[key.team],
        key,
        params: match.params,
        query: req.query,
        body: req.body,
        now: req.now,
      });
    } catch (e) {
      if (e instanceof ApiError) return e.toResponse();
      // A bug in the emulator: answer as the service documents its own failures, but say why.
      const res = unexpected();
      return { ...res, body: { ...res.body, detail: e instanceof Error ? e.message : String(e) } };
    }
  }

  private bucket(name: string, now: number): TokenBucket {
    let b = this.buckets.get(name);
    if (!b) this.buckets.set(name, (b = new TokenBucket(this.rateLimit, now)));
    return b;
  }
}
