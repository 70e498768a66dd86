import type { ApiClient } from '../../api/client.js';
import type { Context } from '../../context.js';
import { writeDetail, type DetailSection } from '../../output/detail.js';

// The one show runner: fetch one resource (a spinner on a terminal), print its
// detail sections in the chosen format. --fields is checked by writeDetail
// against the resource's own keys and the sections' keys.

export interface ShowRun<R> {
  /** "fetching topic": the spinner's text on a terminal. */
  spinner: string;
  fetch(api: ApiClient): Promise<R>;
  sections(resource: R): DetailSection[];
}

export async function runShow<R>(ctx: Context, s: ShowRun<R>): Promise<R> {
  const out = ctx.output();
  const api = await ctx.api();
  const spinner = await ctx.spinner(s.spinner);
  let resource: R;
  try {
    resource = await s.fetch(api);
  } finally {
    spinner.stop();
  }
  await writeDetail(out, resource, s.sections(resource));
  return resource;
}
