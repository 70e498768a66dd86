import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { serveTools, type ToolSource } from '../../mcp/bridge.js';
import { snake, type FlagShape } from '../flag-shapes.js';
import { commandModels } from '../tree.js';

// What only the declarations know of each command, for the MCP bridge
// (mcp/bridge.ts): which arguments and flags name local files (and which of
// those are read whole, so that a tool takes their text), which flags
// would carry a secret, and how to run the command from an agent's input.

const LOCAL_FILE_VALUE = /^(file|dir|path)$/;

function flagIsLocalFile(shape: FlagShape): boolean {
  return shape.values === 'files' || LOCAL_FILE_VALUE.test(shape.valueName ?? '');
}

/** Every command of the program as the planner reads it: the tree's model and what only the declarations know. */
export function toolSources(program: Command): ToolSource[] {
  return commandModels(program).map((m) => {
    const d = m.definition!;
    const flags = d.declaration.flags ?? {};
    const args = Object.values(d.declaration.args ?? {});
    return {
      ...m,
      run: (input, ctx) => d.run(d.parseInput(input), ctx),
      arguments: m.arguments.map((a, i) => ({ ...a, localFile: args[i]?.shape.values === 'files', readsText: Boolean(args[i]?.shape.readsText) })),
      flags: m.flags.map((f) => {
        const shape = Object.entries(flags).find(([key]) => snake(key) === f.key)?.[1]?.shape;
        return { ...f, localFile: shape ? flagIsLocalFile(shape) : false, readsText: Boolean(shape?.readsText) };
      }),
      operation: m.operation && 'method' in m.operation ? { method: m.operation.method, path: m.operation.path, scope: m.operation.scope } : m.operation,
      secretFlags: Object.keys(d.secretFlags ?? {}),
    };
  });
}

/** The tool server of `mailctl mcp` over this program's commands. */
export function createToolServer(ctx: Context, program: Command, options: { readOnly: boolean; progressHoldMs?: number }) {
  return serveTools(ctx, program, toolSources(program).filter((s) => !s.hidden), options);
}
