import type { Command } from 'commander';

// Commander suggests a name within three edits of a typo ("campain" →
// campaign), but not for an abbreviation: "mailctl camp" would get no hint.
// Like cobra (gh), also suggest the names the word is a prefix of.

type Internals = Command & {
  args: string[];
  _hidden?: boolean;
  unknownCommand(): void;
  unknownOption(flag: string): void;
};

function prefixHint(word: string, names: string[]): string | undefined {
  const bare = word.replace(/^--/, '');
  if (bare.length < 2) return undefined;
  const matches = [...new Set(names.filter((n) => n.replace(/^--/, '').startsWith(bare) && n !== word))].sort();
  if (matches.length === 0) return undefined;
  return matches.length === 1 ? `\n(Did you mean ${matches[0]}?)` : `\n(Did you mean one of ${matches.join(', ')}?)`;
}

function longFlags(cmd: Command): string[] {
  const flags: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) {
    flags.push(...c.createHelp().visibleOptions(c).flatMap((o) => (o.long ? [o.long] : [])));
  }
  return flags;
}

/** Adds prefix suggestions to every command of the tree; typos keep commander's own. */
export function addPrefixSuggestions(cmd: Command): void {
  const c = cmd as Internals;
  const unknownCommand = c.unknownCommand.bind(c);
  c.unknownCommand = () => {
    const word = c.args[0] ?? '';
    const names = c.commands.filter((s) => !(s as Internals)._hidden).flatMap((s) => [s.name(), ...s.aliases()]);
    const hint = prefixHint(word, names);
    if (!hint) return unknownCommand();
    c.error(`error: unknown command '${word}'${hint}`, { code: 'commander.unknownCommand' });
  };
  const unknownOption = c.unknownOption.bind(c);
  c.unknownOption = (typed: string) => {
    // `--password=hunter2` must not be echoed back with its value: name the flag only.
    const flag = typed.startsWith('--') ? typed.split('=')[0]! : typed;
    const hint = flag.startsWith('--') ? prefixHint(flag, longFlags(c)) : undefined;
    if (!hint) return unknownOption(flag);
    c.error(`error: unknown option '${flag}'${hint}`, { code: 'commander.unknownOption' });
  };
  for (const sub of cmd.commands) addPrefixSuggestions(sub);
}
