import type { CommandSpec } from '../spec.js';

export const spec: CommandSpec = {
  name: 'completion',
  summary: 'print the shell completion script: commands, options, option values and profile names',
  group: 'tools',
  description: [
    'Install:',
    '  bash  mailctl completion bash > ~/.local/share/bash-completion/completions/mailctl',
    '        (or add `source <(mailctl completion bash)` to ~/.bashrc)',
    '  zsh   mailctl completion zsh > "${fpath[1]}/_mailctl"   (then start a new shell)',
    '        (or add `source <(mailctl completion zsh)` to ~/.zshrc, after compinit)',
    '  fish  mailctl completion fish > ~/.config/fish/completions/mailctl.fish',
    "The same scripts ship in the package's completions/ directory.",
  ].join('\n'),
  args: [{ name: 'shell', description: 'the shell to complete for', choices: ['bash', 'zsh', 'fish'] }],
  examples: ['mailctl completion bash > ~/.local/share/bash-completion/completions/mailctl', 'mailctl completion zsh > "${fpath[1]}/_mailctl"', 'mailctl completion fish | source'],
  load: () => import('./print.js'),
  commands: [
    {
      // Called by the scripts when completing --profile and `profile use|remove`.
      name: 'profiles',
      summary: 'print the names of the saved profiles, one per line',
      hidden: true,
      load: () => import('./profiles.js'),
    },
  ],
};
