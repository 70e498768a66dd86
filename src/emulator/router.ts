// The route table's types and path matching. Each route declares its scope and whether sandbox
// keys are refused on it, so authorisation is decided in one place (app.ts), not per handler.
import type { ApiResponse } from './api-error.js';
import type { ApiKey, Scope } from './keys.js';
import type { TeamData } from './types.js';

export interface RouteContext {
  team: TeamData;
  key: ApiKey;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  /** the emulator's clock at this request, ms */
  now: number;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** path with `:name` segments, e.g. /campaigns/:campaignId/events */
  path: string;
  /** The scope the key needs; left out where the spec states none (GET /auth/check: any valid key). */
  scope?: Scope;
  /** No authentication at all (GET /health): the handler reads only `now`, `query` and `params`. */
  public?: true;
  /** one of the six writes of spec section 5 that sandbox keys may not perform */
  sandboxBlocked?: boolean;
  /** reads a JSON body: an unparsable body is a 400 before the handler runs */
  body?: boolean;
  handler(ctx: RouteContext): ApiResponse;
}

interface Compiled {
  route: Route;
  re: RegExp;
  names: string[];
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

export class Router {
  private readonly compiled: Compiled[];

  constructor(routes: Route[]) {
    this.compiled = routes.map((route) => {
      const names: string[] = [];
      const source = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { route, re: new RegExp(`^${source}$`), names };
    });
  }

  /** The first route matching method and path (table order decides, so literals go first). */
  match(method: string, path: string): RouteMatch | undefined {
    for (const c of this.compiled) {
      if (c.route.method !== method) continue;
      const params = paramsOf(c, path);
      if (params) return { route: c.route, params };
    }
    return undefined;
  }

  /**
   * The methods some route answers on this path, in HTTP's usual order, with HEAD beside GET:
   * empty for a path no route knows (404), else the `Allow` of a 405 or an OPTIONS answer.
   */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const c of this.compiled) if (paramsOf(c, path)) methods.add(c.route.method);
    if (methods.size === 0) return [];
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
    return order.filter((m) => methods.has(m));
  }
}

/** The route's parameters in this path; undefined when it does not match, or a parameter's percent-encoding is malformed (no such resource, whatever the method: a 404, not a 405). */
function paramsOf(c: Compiled, path: string): Record<string, string> | undefined {
  const m = c.re.exec(path);
  if (!m) return undefined;
  const params: Record<string, string> = {};
  try {
    c.names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1] as string)));
  } catch {
    return undefined;
  }
  return params;
}
