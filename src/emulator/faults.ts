// Injected failures. They stand for what sits in front of the real service (proxies, load
// balancers), so they are decided before authentication and rate limiting and cost no token.
// Scripted faults take precedence over the random ones of `faultRate`.
import { UNEXPECTED_MESSAGE } from './api-error.js';
import type { Rng } from './prng.js';
import type { FaultScript } from './types.js';

export type FaultAction =
  | { kind: 'answer'; status: number; body: string; headers: Record<string, string>; delayMs: number }
  | { kind: 'drop'; delayMs: number }
  | { kind: 'dropMidBody'; delayMs: number }
  /** only a delay: the request is then served normally */
  | { kind: 'late'; delayMs: number; headers: Record<string, string> };

const PROXY_502 =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n';

function defaultBody(status: number): string {
  if (status === 502) return PROXY_502;
  if (status === 503) return JSON.stringify({ message: 'Service temporarily unavailable. Please try again later.' });
  return JSON.stringify({ message: UNEXPECTED_MESSAGE, error_code: 'send_error' });
}

function contentTypeOf(body: string): string {
  if (body === '') return 'text/plain; charset=utf-8';
  try {
    JSON.parse(body);
    return 'application/json; charset=utf-8';
  } catch {
    return body.trimStart().startsWith('<') ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8';
  }
}

function answer(status: number, body: string | undefined, headers: Record<string, string>, delayMs: number): FaultAction {
  const text = body ?? defaultBody(status);
  return { kind: 'answer', status, body: text, headers: { 'Content-Type': contentTypeOf(text), ...headers }, delayMs };
}

interface ActiveScript {
  script: FaultScript;
  skip: number;
  times: number;
}

export class Faults {
  private scripts: ActiveScript[] = [];

  constructor(
    private readonly rate: number,
    private readonly rng: Rng,
  ) {}

  add(script: FaultScript): void {
    this.scripts.push({ script, skip: script.skip ?? 0, times: script.times ?? 1 });
  }

  /** Drops the scripts not used up yet (random faults of `faultRate` go on). */
  clear(): void {
    this.scripts = [];
  }

  /** The fault for this request, if any. Call exactly once per request: it consumes scripts. */
  pick(method: string, path: string): FaultAction | undefined {
    for (const active of this.scripts) {
      if (!matches(active.script, method, path)) continue;
      if (active.skip > 0) {
        active.skip--;
        continue;
      }
      active.times--;
      if (active.times <= 0) this.scripts.splice(this.scripts.indexOf(active), 1);
      return toAction(active.script);
    }
    if (this.rate > 0 && this.rng.float() < this.rate) {
      const status = [500, 502, 503, 0][this.rng.int(4)] as number;
      return status === 0 ? { kind: 'drop', delayMs: 0 } : answer(status, undefined, {}, 0);
    }
    return undefined;
  }
}

function matches(s: FaultScript, method: string, path: string): boolean {
  if (s.method !== undefined && s.method.toUpperCase() !== method.toUpperCase()) return false;
  if (s.path === undefined) return true;
  if (typeof s.path === 'string') return s.path === path;
  s.path.lastIndex = 0; // a /g or /y RegExp would otherwise remember its last match
  return s.path.test(path);
}

function toAction(s: FaultScript): FaultAction {
  const delayMs = s.delayMs ?? 0;
  if (s.drop) return { kind: 'drop', delayMs };
  if (s.dropMidBody) return { kind: 'dropMidBody', delayMs };
  // A script that only asks for a delay answers normally, late (client timeout tests).
  if (s.delayMs !== undefined && s.status === undefined && s.body === undefined) {
    return { kind: 'late', delayMs, headers: s.headers ?? {} };
  }
  return answer(s.status ?? 503, s.body, s.headers ?? {}, delayMs);
}
