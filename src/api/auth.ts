import { ApiError, CliError, ExitCode } from '../errors.js';
import type { ApiClient } from './client.js';
import { OPERATIONS } from './operations.js';

// GET /auth/check (spec service-api-rest 4.2): is the key valid, and which
// team does it belong to. Data is scoped to the key's team, so whatever keeps
// the team's data between runs (the event archive) asks it once per run.

interface AuthCheck {
  teamId: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export async function checkAuth(api: ApiClient): Promise<AuthCheck> {
  const op = OPERATIONS.authCheck;
  const res = await api.request({ method: op.method, path: op.path() });
  const data = isObject(res.body) ? res.body.data : undefined;
  const teamId = isObject(data) ? data.team_id : undefined;
  if (typeof teamId !== 'number' || !Number.isSafeInteger(teamId)) {
    throw new CliError(`unexpected response from ${op.name}: data.team_id is not an integer`, ExitCode.Failure, {
      hint: 'the server answered in a shape mailctl does not know: check --base-url, or report it with the output of --verbose',
    });
  }
  return { teamId };
}

// `auth login`: the new key checked before it is saved.

export type Verdict = 'works' | 'works, but lacks a scope' | 'not checked' | { unchecked: string };

/**
 * One cheap authenticated read (GET /webhooks) with the new key, before it is
 * saved: a 401 means the string is not a key of this service, and saving it
 * would only move the failure to the next command. A 403 proves the key
 * authenticates (it lacks that one scope), so it is saved. A key that cannot
 * be checked (network, 5xx) is saved with a warning: unreachable is not wrong.
 */
export async function verifyKey(connect: () => Promise<ApiClient>, signal: AbortSignal): Promise<Verdict> {
  const op = OPERATIONS.listWebhooks;
  try {
    const api = await connect();
    await api.request({ method: op.method, path: op.path() });
    return 'works';
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return 'works, but lacks a scope';
    if (error instanceof ApiError && error.status === 401) {
      throw error.withHint('nothing was saved: copy the key again, or pass --no-verify to save it without this check');
    }
    if (error instanceof CliError && !signal.aborted) return { unchecked: error.message };
    throw error;
  }
}
