// Spec (service-api-rest) 4.1 and 4.2: the two system checks.
//   GET /health      no authentication, no scope: `data.status` "ok" and the server's time.
//   GET /auth/check  any valid key (no scope is stated; sandbox keys allowed): the key's team,
//                    the same team_id as its projects (fixed per team, so an archive knows it across runs).
// A missing or invalid key on /auth/check is the documented 401 (app.ts authenticates it as
// every route); /health answers whatever key is sent, or none.
import { ok, type ApiResponse } from '../api-error.js';
import type { Route, RouteContext } from '../router.js';
import { isoOffset } from '../time.js';

function health(ctx: Pick<RouteContext, 'now'>): ApiResponse {
  return ok('API is healthy.', { status: 'ok', timestamp: isoOffset(ctx.now) });
}

function authCheck(ctx: RouteContext): ApiResponse {
  return ok('API key is valid.', { team_id: ctx.team.sending.teamId, timestamp: isoOffset(ctx.now) });
}

export const authRoutes: Route[] = [
  { method: 'GET', path: '/health', public: true, handler: health },
  { method: 'GET', path: '/auth/check', handler: authCheck },
];
