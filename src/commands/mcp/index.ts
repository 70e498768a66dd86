import { requireNamedProfile } from '../../config/resolve.js';
import { CliError } from '../../errors.js';
import { command, flag } from '../define.js';

// `mailctl mcp`: the API and archive commands as tools for an AI agent, over
// the Model Context Protocol on stdio. The SDK, the planner and the bridge
// load inside run only: `mcp --help` and every other command never see them.

export const spec = command({
  name: 'mcp',
  summary: 'serve the API and archive commands as tools to an AI agent (Model Context Protocol on stdio)',
  description: [
    'One tool per command that calls the API or uses the archive, named <noun>_<verb>,',
    'its input schema made from the command\'s arguments and flags. A tool runs the',
    'command in this process and returns what --json prints. Writes are dry runs unless',
    'the call sets confirm: true; listings stop at 1000 rows per call; no secret travels',
    'in a tool call: the key comes from the profile or the environment of this process.',
    'stdout carries only the protocol; notices go to stderr. See docs/agents.md.',
  ].join('\n'),
  group: 'tools',
  flags: {
    readOnly: flag.boolean('expose only the tools that read: no write tool at all'),
  },
  examples: ['mailctl mcp --read-only', 'mailctl mcp --profile staging', 'MAILCTL_PROFILE=ops mailctl mcp'],
  async run(opts, ctx) {
    if (!ctx.program) throw new CliError('mcp: no command tree to serve');
    // a profile that does not exist fails here, once, not in every call an agent makes
    requireNamedProfile(ctx.settings(), ctx.configData());
    const { createToolServer } = await import('./tool-server.js');
    const { serveStdio } = await import('../../mcp/server.js');
    const { served, tools } = createToolServer(ctx, ctx.program, { readOnly: opts.readOnly });
    const account = ctx.globals.profile ?? ctx.io.env.MAILCTL_PROFILE;
    ctx.notice(`mailctl mcp: ${tools.length} tools${opts.readOnly ? ' (read-only)' : ''}${account ? ` for profile ${account}` : ''} on stdio`);
    await serveStdio(served, ctx.io.stdin, ctx.io.stdout, ctx.signal, (line) => ctx.notice(line));
    // The end of stdin is how a client stops it (exit 0, every call answered); Ctrl-C or
    // SIGTERM is not a success (130 / 143), as for every long-running command.
    ctx.signal.throwIfAborted();
  },
});
