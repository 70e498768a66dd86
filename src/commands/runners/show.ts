import type { ApiClient } from '../../api/client.js';
import type { Context } from '../../context.js';
import { writeDetail, type DetailSection } from '../../output/detail.js';
import type { OutputTarget } from '../../output/types.js';

// The one show runner: --fields checked before anything is sent, one resource
// fetched (a spinner on a terminal when asked for), its detail sections
// printed in the chosen format.

export interface ShowRun<R> {
  /** "fetching topic": a spinner on a terminal while the request runs. */
  spinner?: string;
  /** The resource's field names, which --fields may name. */
  fields?: readonly string[];
  fetch(api: ApiClient): Promise<R>;
  sections(resource: R, out: OutputTarget): DetailSection[];
}

export async function runShow<R>(ctx: Context, s: ShowRun<R>): Promise<R> {
  const out = ctx.output(s.fields && { fields: s.fields });
  const api = await ctx.api();
  const spinner = s.spinner ? await ctx.spinner(s.spinner) : undefined;
  let resource: R;
  try {
    resource = await s.fetch(api);
  } finally {
    spinner?.stop();
  }
  await writeDetail(out, resource, s.sections(resource, out));
  return resource;
}
