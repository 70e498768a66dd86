import type { CommandSpec } from '../spec.js';

export const spec: CommandSpec = {
  name: 'api',
  summary: "send any request of the API with the profile's key and base URL, retries and pacing; print the JSON answer",
  group: 'tools',
  description: [
    'Prints the response body as JSON: indented on a terminal, on one line in a pipe.',
    'Exit codes follow the HTTP status as for every command.',
  ].join('\n'),
  args: [
    { name: 'method', description: 'GET, POST, PUT, PATCH or DELETE (any case)', values: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
    { name: 'path', description: 'path below the base URL, starting with "/"; may carry ?query' },
  ],
  options: [
    {
      flags: '-F, --field <key=value>',
      description:
        "JSON body field (query parameter for GET); true, false, null and numbers are typed, @file reads a file's text, @- stdin; a.b=v nests, a[]=v appends (repeatable)",
      repeatable: true,
    },
    { flags: '-f, --raw-field <key=value>', description: 'like --field, but the value is always a string (repeatable)', repeatable: true },
    { flags: '--query <key=value>', description: 'query parameter, sent as given; a name repeated is joined with commas (repeatable)', repeatable: true },
    { flags: '--input <file>', description: 'raw JSON body from a file, or - for stdin; not with --field (must be valid JSON)' },
    {
      flags: '--paginate',
      description: 'GET only: follow next_cursor or page numbers up to last_page and print one JSON array of the items (NDJSON with --ndjson)',
    },
    { flags: '--dry-run', description: 'print the request (secrets masked) without sending it' },
  ],
  examples: [
    'mailctl api GET /campaigns --query status=scheduled --paginate --ndjson',
    'mailctl api PATCH /audience/topics/3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f -F visibility=private -F description=null',
    'mailctl api DELETE /audience/contacts/lists/bulk --input detach.json',
  ],
  operation: 'any operation (METHOD PATH)',
  load: () => import('./request.js'),
};
