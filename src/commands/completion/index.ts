import { Argument, type Command } from 'commander';
import { withHelp } from '../help.js';
import { verb } from '../verb.js';

export function register(program: Command): void {
  const completion = withHelp(
    program
      .command('completion')
      .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
      .description('print the shell completion script: commands, options, option values and profile names')
      .addHelpText(
        'after',
        [
          '',
          'Install:',
          '  bash  mailctl completion bash > ~/.local/share/bash-completion/completions/mailctl',
          "        (or add `source <(mailctl completion bash)` to ~/.bashrc)",
          '  zsh   mailctl completion zsh > "${fpath[1]}/_mailctl"   (then start a new shell)',
          "        (or add `source <(mailctl completion zsh)` to ~/.zshrc, after compinit)",
          '  fish  mailctl completion fish > ~/.config/fish/completions/mailctl.fish',
          'The same scripts ship in the package\'s completions/ directory.',
        ].join('\n'),
      ),
    {
      examples: ['mailctl completion bash > ~/.local/share/bash-completion/completions/mailctl', 'mailctl completion zsh > "${fpath[1]}/_mailctl"', 'mailctl completion fish | source'],
    },
  ).action(verb(() => import('./print.js')));

  // Called by the scripts when completing --profile and `profile use|remove`.
  completion
    .command('profiles', { hidden: true })
    .description('print the names of the saved profiles, one per line')
    .action(verb(() => import('./profiles.js')));
}
