// Tool arguments → the options the command's own parseInput gives, as table rows (no
// emulator): the same checks as on a terminal, plus the rules of a tool call (a write is a
// dry run unless confirmed, a confirmed one passes --yes, a listing always has a --limit at
// most 1000).
import { afterAll, describe, expect, it } from 'vitest';
import type { CommandDefinition } from '../../src/commands/define.js';
import { toolSources } from '../../src/commands/mcp/tool-server.js';
import { commandModels } from '../../src/commands/tree.js';
import { commandInput } from '../../src/mcp/input.js';
import { planTools } from '../../src/mcp/tools.js';
import { buildProgram } from '../../src/program.js';
import { testContext } from '../helpers/context.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';
const ID2 = 'a2c4e6f8-1b3d-4f5a-8c7e-9d0b1a2c3e4f';

const tc = await testContext({ emulator: false, key: null });
afterAll(() => tc.close());
const program = buildProgram(tc.runtime);
const models = commandModels(program);
const { tools } = planTools(toolSources(program), { readOnly: false });
/** Where the bridge would write an input's text (mcp/text-files.ts): here, only its name. */
const textFile = (property: string, text: string) => `/call/${property}:${text}`;

/** What commander would have given the command for this call, checked by the command's own parseInput. */
function optionsOf(tool: string, args: Record<string, unknown>): { args: string[]; opts: Record<string, unknown> } {
  const plan = tools.find((t) => t.name === tool)!;
  const definition = models.find((m) => m.path === plan.path)!.definition as CommandDefinition;
  const { input } = commandInput(plan, args, textFile);
  definition.parseInput(input);
  return input;
}

describe('tool arguments → command options', () => {
  it.each<[string, Record<string, unknown>, { args: string[]; opts: Record<string, unknown> }]>([
    ['topic_delete', { topic_id: ID }, { args: [ID], opts: { dryRun: true } }],
    ['topic_delete', { topic_id: ID, confirm: true, if_exists: true }, { args: [ID], opts: { ifExists: true, dryRun: false, yes: true } }],
    ['topic_delete', { topic_id: ID, confirm: false }, { args: [ID], opts: { dryRun: true } }],
    ['lists_delete', { list_ids: [ID, ID2], confirm: true }, { args: [ID, ID2], opts: { dryRun: false, yes: true } }],
    [
      'email_send',
      { to: ['a@example.com'], from: 'me@example.com', template: 'welcome', no_track_opens: true },
      { args: [], opts: { to: ['a@example.com'], from: 'me@example.com', template: 'welcome', trackOpens: false, dryRun: true } },
    ],
    // text the command reads from a file: the tool's input is the text, handed over as a file of the call's
    [
      'email_send',
      { to: ['a@example.com'], from: 'me@example.com', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' },
      { args: [], opts: { to: ['a@example.com'], from: 'me@example.com', subject: 'Hi', html: '/call/html:<p>Hi</p>', text: '/call/text:Hi', dryRun: true } },
    ],
    ['template_create', { name: 'Welcome', html: '<p>x</p>', confirm: true }, { args: [], opts: { name: 'Welcome', html: '/call/html:<p>x</p>', dryRun: false } }],
    ['contact_import', { file: 'a@example.com\nb@example.com\n' }, { args: ['/call/file:a@example.com\nb@example.com\n'], opts: { dryRun: true } }],
    ['segment_create', { name: 'S', conditions: '{"groups":[]}' }, { args: [], opts: { name: 'S', conditions: '/call/conditions:{"groups":[]}', dryRun: true } }],
    // --or-group may be given bare on a command line, not in a call: its input stays a list of groups
    ['segment_create', { name: 'S', or_group: ['plan equals pro or plan equals team'] }, { args: [], opts: { name: 'S', orGroup: ['plan equals pro or plan equals team'], dryRun: true } }],
    ['events_list', {}, { args: [], opts: { limit: '1000' } }],
    ['events_list', { limit: 25, events: ['bounce', 'delivery'] }, { args: [], opts: { events: ['bounce', 'delivery'], limit: '25' } }],
    ['events_list', { limit: 5000 }, { args: [], opts: { limit: '1000' } }],
    // --all is an input, and the listing stays capped
    ['topic_list', { all: true }, { args: [], opts: { all: true, limit: '1000' } }],
    ['events_list', { limit: '30' }, { args: [], opts: { limit: '30' } }],
    ['events_list', { db: true, limit: 3 }, { args: [], opts: { db: true, limit: '3' } }],
    ['events_list', { db: false }, { args: [], opts: { limit: '1000' } }],
    ['campaign_list', { per_page: 50, status: 'scheduled' }, { args: [], opts: { status: 'scheduled', perPage: '50', limit: '1000' } }],
    ['webhook_set', { webhook_id: ID, enable: true, confirm: true }, { args: [ID], opts: { enable: true, dryRun: false } }],
    ['webhook_set', { webhook_id: ID, enable: false, disable: true }, { args: [ID], opts: { disable: true, dryRun: true } }],
  ])('%s %j', (tool, args, expected) => {
    expect(optionsOf(tool, args)).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['topic_show', { topic_id: 'nope' }, /^TOPIC_ID: /],
    ['topic_show', {}, /^TOPIC_ID: required$/],
    ['topic_update', { name: 'x' }, /^TOPIC_ID: required$/],
    ['lists_delete', { list_ids: [] }, /^LIST_IDS: required$/],
    ['campaign_list', { per_page: 1000 }, /^--per-page: /],
    ['campaign_list', { status: 'gone' }, /^--status: must be one of /],
    ['events_list', { limit: 0 }, /^--limit: /],
    ['events_list', { limit: 2.5 }, /^--limit: /],
    ['topic_list', { follow: true }, /takes no input "follow"/],
    ['topic_delete', { topic_id: ID, yes: true }, /takes no input "yes"/],
    ['topic_create', { name: 'x', dry_run: false }, /takes no input "dry_run"/],
    ['topic_create', { name: { text: 'x' } }, /^name: must be a single value/],
    ['topic_create', { name: 'x', confirm: 'yes' }, /^confirm: must be true or false/],
    ['email_send', { to: ['a@example.com'], html: ['<p>', '</p>'] }, /^html: must be text \(the content itself, not a path\)/],
    ['contact_import', {}, /^FILE: required$/],
  ])('%s %j is refused: %s', (tool, args, message) => {
    expect(() => optionsOf(tool, args)).toThrow(message);
  });
});
