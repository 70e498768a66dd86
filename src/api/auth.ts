import { CliError, ExitCode } from '../errors.js';
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
