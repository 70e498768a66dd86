import { CliError } from '../../errors.js';
import { jsonText } from '../../output/json.js';
import type { ListSpec } from '../../output/types.js';
import { command } from '../define.js';
import { runListing } from '../listing.js';
import type { CommandModel } from '../tree.js';

// `mailctl commands`: the command tree for scripts and agents. --json prints
// every command with its arguments and flags (types, bounds, value sets,
// defaults), its API operation and its exit codes; other formats one row per
// command.

const ROWS: ListSpec<CommandModel> = {
  columns: [
    { key: 'path', header: 'COMMAND', value: (c) => c.path, whole: true },
    { key: 'summary', header: 'SUMMARY', value: (c) => c.summary, maxWidth: 100, minWidth: 20 },
    { key: 'operation', header: 'OPERATION', value: (c) => (c.operation && 'method' in c.operation ? `${c.operation.method} ${c.operation.path}` : null), priority: 1 },
  ],
  fields: ['path', 'summary', 'description', 'arguments', 'flags', 'operation', 'operations', 'exit_codes', 'examples'],
};

/** The model as printed: without the declaration objects mcp uses. */
function printable(c: CommandModel): Omit<CommandModel, 'definition'> {
  const { definition: _definition, ...rest } = c;
  return rest;
}

export const spec = command({
  name: 'commands',
  summary: 'print every command with its arguments, flags (types, bounds, values, defaults), API operation and exit codes',
  description: [
    'With --json: one object {"name", "version", "global_flags", "commands"} for scripts',
    'and agents; every other format: one row per command. Hidden commands are left out.',
  ].join('\n'),
  group: 'tools',
  examples: ['mailctl commands', 'mailctl commands --json | jq \'.commands[] | select(.path == "campaign list")\'', 'mailctl commands --ndjson | jq -r .path'],
  async run(_opts, ctx) {
    if (!ctx.program) throw new CliError('commands: no command tree to describe');
    const { commandModels, globalFlagModels } = await import('../tree.js');
    const models = commandModels(ctx.program).filter((c) => !c.hidden);
    const out = ctx.output();
    if (out.format === 'json' && !out.fields) {
      const tree = { name: 'mailctl', version: ctx.version, global_flags: globalFlagModels(), commands: models.map(printable) };
      await out.write(`${jsonText(tree, out, out.isTTY)}\n`);
      return;
    }
    async function* one() {
      yield { items: models.map((m) => printable(m) as CommandModel) };
    }
    await runListing(ctx, { spec: ROWS, pages: one() });
  },
});
