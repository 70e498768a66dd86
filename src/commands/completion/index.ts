import { CliError } from '../../errors.js';
import { arg, command } from '../define.js';
import type { CommandSpec } from '../spec.js';
import { checkNoFields } from '../../output/fields.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;

// Called by the scripts when completing --profile and `profile use|remove`.
const profiles = command({
  name: 'profiles',
  summary: 'print the names of the saved profiles, one per line',
  hidden: true,
  examples: ['mailctl completion profiles'],
  /** Nothing else on stdout, ever. */
  async run(_opts, ctx) {
    const names = Object.keys(ctx.configData().profiles);
    if (names.length) await ctx.tolerateBadSettings().output().write(`${names.join('\n')}\n`);
  },
});

const print = command({
  name: 'completion',
  summary: 'print the shell completion script: commands, options, option values and profile names',
  description: [
    'Install:',
    '  bash  mkdir -p ~/.local/share/bash-completion/completions',
    '        mailctl completion bash > ~/.local/share/bash-completion/completions/mailctl',
    '        (or add `source <(mailctl completion bash)` to ~/.bashrc)',
    '  zsh   mailctl completion zsh > "${fpath[1]}/_mailctl"   (then start a new shell)',
    '        (or add `source <(mailctl completion zsh)` to ~/.zshrc, after compinit)',
    '  fish  mkdir -p ~/.config/fish/completions',
    '        mailctl completion fish > ~/.config/fish/completions/mailctl.fish',
    "The same scripts ship in the package's completions/ directory.",
  ].join('\n'),
  args: { shell: arg('the shell to complete for', { choices: SHELLS }) },
  examples: ['mkdir -p ~/.local/share/bash-completion/completions && mailctl completion bash > ~/.local/share/bash-completion/completions/mailctl', 'mailctl completion zsh > "${fpath[1]}/_mailctl"', 'mailctl completion fish | source'],
  async run({ shell }, ctx) {
    checkNoFields(ctx.tolerateBadSettings().output().fields, 'a shell script');
    if (!ctx.program) throw new CliError('completion: no command tree to describe');
    const { scriptFor } = await import('./script.js');
    await ctx.output().write(scriptFor(shell as (typeof SHELLS)[number], ctx.program));
  },
});

export const spec: CommandSpec = { ...print, group: 'tools', commands: [profiles] };
