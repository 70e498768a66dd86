import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import { Command, Option } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/cli.js';
// the printing verbs run in-process; the scripts below run the built CLI for profile names
import { runCliInProcess as runCli } from '../helpers/context.js';
import { requireCommand } from '../helpers/tools.js';
import { buildProgram } from '../../src/program.js';
import { describeProgram, walk } from '../../src/completion/index.js';
import { completionScript } from '../../src/completion/index.js';
import { COMPLETION_FILES, completionValues, SHELLS, scriptFor } from '../../src/commands/completion/script.js';
import { CAMPAIGN_STATES } from '../../src/api/vocabulary.js';
import * as campaignValues from '../../src/api/vocabulary.js';
import * as webhookEvents from '../../src/input/webhook-events.js';
import * as emails from '../../src/api/emails.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function liveProgram(): Command {
  const sink = new PassThrough();
  return buildProgram({
    io: { stdout: sink, stderr: sink, stdin: sink, stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false, columns: 80, env: {} },
    version: '0.0.0-test',
    signal: new AbortController().signal,
    disposers: [],
  });
}

/**
 * A PATH where `mailctl` is the built CLI, and a config dir with three
 * profiles: the scripts run the real `mailctl completion profiles`.
 */
let env: Record<string, string>;
let scripts: Record<string, string>;

beforeAll(() => {
  const dir = tempDir('mailctl-completion-');
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'mailctl'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'mailctl'), 0o755);
  const config = join(dir, 'config');
  mkdirSync(config);
  writeFileSync(
    join(config, 'config.json'),
    JSON.stringify({ current_profile: 'default', profiles: { default: { base_url: 'https://a.example' }, staging: {}, 'ci-prod': {} } }),
  );
  mkdirSync(join(dir, 'files'));
  writeFileSync(join(dir, 'files', 'body.json'), '{}');
  env = { PATH: `${bin}:${process.env.PATH}`, HOME: dir, MAILCTL_CONFIG_DIR: config, TERM: 'dumb', FILES: join(dir, 'files') };
  scripts = {};
  const program = liveProgram();
  for (const shell of SHELLS) {
    scripts[shell] = join(dir, shell === 'zsh' ? '_mailctl' : `mailctl.${shell}`);
    writeFileSync(scripts[shell], scriptFor(shell, program));
  }
});

// Completes each LINE (the cursor at its end) with bash's real completion
// function: one bash for all lines, each line in its own subshell (a fork, so
// no state passes from one line to the next), its candidates then \x1e and the
// completion's exit status.
const BASH_DRIVER = `
source "$1"; shift
for line in "$@"; do
  (
    read -ra COMP_WORDS <<< "$line"
    [[ $line == *' ' ]] && COMP_WORDS+=('')
    COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 ))
    COMP_LINE="$line"
    COMP_POINT=\${#line}
    _mailctl mailctl "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD-1]}"
    status=$?
    printf '%s\\n' "\${COMPREPLY[@]}"
    exit $status
  )
  printf '\\036%d\\n' $?
done
`;

/** Splits a batch's stdout (each line's output, then \x1e and its status) into each line's candidates. */
function perLine(lines: readonly string[], stdout: string, candidate: (l: string) => string = (l) => l): Map<string, string[]> {
  const chunks = stdout.split(/\x1e(\d+)\n/);
  expect(chunks.length, stdout).toBe(lines.length * 2 + 1);
  return new Map(
    lines.map((line, i) => {
      expect(chunks[i * 2 + 1], `status of "${line}"`).toBe('0');
      return [line, chunks[i * 2]!.split('\n').filter(Boolean).map(candidate)];
    }),
  );
}

/** Completes every line in one shell, then answers line by line; a line not given to the batch is an error of the test. */
function batch(complete: (lines: readonly string[]) => Map<string, string[]>, lines: readonly string[]): (line: string) => string[] {
  let done: Map<string, string[]> | undefined;
  return (line) => {
    done ??= complete(lines);
    const found = done.get(line);
    if (!found) throw new Error(`"${line}" is not in this batch's lines`);
    return found;
  };
}

function bashCompleteAll(lines: readonly string[]): Map<string, string[]> {
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', BASH_DRIVER, 'driver', scripts.bash!, ...lines], { env, encoding: 'utf8', cwd: env.FILES });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return perLine(lines, r.stdout);
}

// One fish for all lines: each line's candidates, then \x1e and the status of `complete -C`.
function fishCompleteAll(lines: readonly string[]): Map<string, string[]> {
  const script = `source ${scripts.fish}; for line in $argv; complete -C $line; printf '\\x1e%d\\n' $status; end`;
  const r = spawnSync('fish', ['--no-config', '-c', script, ...lines], { env, encoding: 'utf8', cwd: env.FILES });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return perLine(lines, r.stdout, (l) => l.split('\t')[0]!);
}

// zsh completes only inside its line editor: drive an interactive zsh on a
// pseudo-terminal (zpty), type each line and press tab, and print what reaches
// compadd. After each completion, comppostfuncs prints an end mark and keeps
// the line as it was (nothing inserted, nothing listed), and ^Xw (not ^U, which
// the terminal itself would take as its kill character while zsh runs a
// command) empties the line for the next one.
const ZSH_DRIVER = `
zmodload zsh/zpty || exit 3
zpty z zsh -f -i
zpty -w z "cd \${(q)FILES}; fpath=(\${(q)1:h} \\$fpath); autoload -U compinit; compinit -u -D"
zpty -w z 'compadd () { if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd "$@"; return; fi; typeset -a hits; builtin compadd -A hits "$@"; local h; for h in $hits; do print -r -- "C""ANDIDATE:$h"; done; }'
zpty -w z '__done () { compstate[list]=; compstate[insert]=; print -r -- "END""OFLINE"; }'
zpty -w z "bindkey '^Xw' kill-whole-line"
shift
for line in "$@"; do
  zpty -w z 'comppostfuncs=( __done )'
  zpty -w -n z "$line"$'\\t'$'\\C-Xw'
done
zpty -w z exit
local out
while zpty -r z out; do print -r -- "$out"; done
`;

function zshCompleteAll(lines: readonly string[]): Map<string, string[]> {
  const r = spawnSync('zsh', ['-f', '-c', ZSH_DRIVER, 'driver', scripts.zsh!, ...lines], { env, encoding: 'utf8' });
  expect(r.status).toBe(0);
  const ends = r.stdout.split('ENDOFLINE');
  expect(ends.length, r.stdout).toBe(lines.length + 1);
  return new Map(
    lines.map((line, i) => {
      const found = [...ends[i]!.matchAll(/CANDIDATE:([^\r\n\x1b]+)/g)].map((m) => m[1]!);
      return [line, [...new Set(found)].sort()];
    }),
  );
}

const BASH_LINES = [
  'mailctl camp',
  'mailctl campaign sch',
  'mailctl campaign ',
  'mailctl --json --profile staging camp',
  'mailctl campaign list --status ',
  'mailctl campaign list --status s',
  'mailctl campaign list --status=s',
  'mailctl campaign events 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --type spam',
  'mailctl topic update x --visibility ',
  'mailctl webhook set x --auth-type ',
  'mailctl campaign list -o ',
  'mailctl report -o ',
  'mailctl doctor --output=m',
  'mailctl --output n',
  'mailctl events list --events delivery,b',
  'mailctl events list --events delivery,bounce,',
  'mailctl webhook set x --events message.delivery,engagement.c',
  'mailctl campaign list --st',
  'mailctl campaign list --pro',
  'mailctl --profile ',
  'mailctl profile use s',
  'mailctl config get ',
  'mailctl completion ',
  'mailctl api ',
  'mailctl api POST /x --input bo',
  'mailctl help ex',
  'mailctl help campaign sch',
  'mailctl campaign events --cursor ',
  'mailctl --profile campaign ',
];
const bashComplete = batch(bashCompleteAll, BASH_LINES);
const fishComplete = batch(fishCompleteAll, [
  'mailctl camp',
  'mailctl campaign sch',
  'mailctl campaign list --status ',
  'mailctl events list --events delivery,b',
  'mailctl --profile ',
  'mailctl campaign list --output ',
  'mailctl report --output ',
]);
const zshComplete = batch(zshCompleteAll, [
  'mailctl camp',
  'mailctl campaign sch',
  'mailctl campaign list --status ',
  'mailctl --profile ',
  'mailctl api ',
  'mailctl template create --json bo',
  'mailctl template tags welcome-email --version 2 --pro',
  'mailctl campaign list --output ',
  'mailctl report -o ',
]);

describe('completion scripts', () => {
  it('prints for bash, zsh and fish the same text as completions/ (run `npm run completions` after changing commands)', async () => {
    for (const shell of SHELLS) {
      const r = await runCli(['completion', shell]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout, `${COMPLETION_FILES[shell]} is stale: run npm run completions`).toBe(readFileSync(join(ROOT, COMPLETION_FILES[shell]), 'utf8'));
    }
  });

  it("the help's bash example installs the script in a home where the directory does not exist yet", () => {
    const help = spawnSync(process.execPath, [BIN, 'completion', '--help'], { encoding: 'utf8' }).stdout;
    const example = /^  \$ (.*completion bash.*)$/m.exec(help)![1]!;
    const home = tempDir();
    const bin = join(home, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'mailctl'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(bin, 'mailctl'), 0o755);
    const r = spawnSync('bash', ['-c', example], { encoding: 'utf8', env: { HOME: home, PATH: `${bin}:${process.env.PATH}` } });
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(home, '.local/share/bash-completion/completions/mailctl'), 'utf8')).toBe(readFileSync(join(ROOT, 'completions/mailctl.bash'), 'utf8'));
  });

  it('refuses an unknown shell or none with exit 2', async () => {
    const bad = await runCli(['completion', 'powershell']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/powershell/);
    expect(bad.stderr).toMatch(/bash, zsh, fish/);
    const none = await runCli(['completion']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/missing required argument 'shell'/);
  });

  it.for([
    ['bash', ['-n']],
    ['zsh', ['-n']],
    ['fish', ['--no-execute']],
  ] as const)('the %s script passes its shell\'s syntax check', ([shell, args], ctx) => {
    requireCommand(ctx, shell);
    const r = spawnSync(shell, [...args, scripts[shell]!], { encoding: 'utf8' });
    expect(r.stderr, `${shell} ${args[0]}`).toBe('');
    expect(r.status, `${shell} ${args[0]}`).toBe(0);
  });

  it('lists the profiles of the config store for the scripts (hidden `completion profiles`)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: {}, 'eu-west': {} } }));
    const r = await runCli(['completion', 'profiles'], { configDir: dir });
    expect(r).toMatchObject({ code: 0, stdout: 'default\neu-west\n', stderr: '' });
    const empty = await runCli(['completion', 'profiles']);
    expect(empty).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const help = await runCli(['completion', '--help']);
    expect(help.stdout).not.toMatch(/profiles/);
  });
});

describe('bash completion, driven through its completion function', () => {
  it('completes commands and subcommands', () => {
    expect(bashComplete('mailctl camp')).toEqual(['campaign']);
    expect(bashComplete('mailctl campaign sch')).toEqual(['schedule']);
    expect(bashComplete('mailctl campaign ')).toEqual(['list', 'show', 'events', 'schedule', 'check', 'unschedule', 'send']);
    expect(bashComplete('mailctl --json --profile staging camp')).toEqual(['campaign']);
  });

  it('completes the values of enum options', () => {
    expect(bashComplete('mailctl campaign list --status ')).toEqual([...CAMPAIGN_STATES]);
    expect(bashComplete('mailctl campaign list --status s')).toEqual(['scheduled', 'sending', 'sent']);
    expect(bashComplete('mailctl campaign list --status=s')).toEqual(['--status=scheduled', '--status=sending', '--status=sent']);
    expect(bashComplete('mailctl campaign events 3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f --type spam')).toEqual(['spam_complaint']);
    expect(bashComplete('mailctl topic update x --visibility ')).toEqual(['public', 'private']);
    expect(bashComplete('mailctl webhook set x --auth-type ')).toEqual(['none', 'basic', 'oauth2']);
    // markdown only where the command takes it: campaign list refuses -o markdown (exit 2)
    expect(bashComplete('mailctl campaign list -o ')).toEqual(['table', 'json', 'ndjson', 'csv']);
    expect(bashComplete('mailctl report -o ')).toEqual(['table', 'json', 'ndjson', 'csv', 'markdown']);
    expect(bashComplete('mailctl doctor --output=m')).toEqual(['--output=markdown']);
    expect(bashComplete('mailctl --output n')).toEqual(['ndjson']);
  });

  it('completes comma lists item by item, without the items already given', () => {
    expect(bashComplete('mailctl events list --events delivery,b')).toEqual(['delivery,bounce']);
    expect(bashComplete('mailctl events list --events delivery,bounce,')).toHaveLength(15);
    expect(bashComplete('mailctl webhook set x --events message.delivery,engagement.c')).toEqual(['message.delivery,engagement.click']);
  });

  it('completes flags, profile names, arguments and files', () => {
    expect(bashComplete('mailctl campaign list --st')).toEqual(['--status']);
    expect(bashComplete('mailctl campaign list --pro')).toEqual(['--profile']);
    expect(bashComplete('mailctl --profile ')).toEqual(['default', 'staging', 'ci-prod']);
    expect(bashComplete('mailctl profile use s')).toEqual(['staging']);
    expect(bashComplete('mailctl config get ')).toEqual(['base_url', 'output', 'timeout', 'retries']);
    expect(bashComplete('mailctl completion ')).toEqual(['bash', 'zsh', 'fish']);
    expect(bashComplete('mailctl api ')).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(bashComplete('mailctl api POST /x --input bo')).toEqual(['body.json']);
    expect(bashComplete('mailctl help ex')).toEqual(['exit-codes']);
    expect(bashComplete('mailctl help campaign sch')).toEqual(['schedule']);
    // free-text values offer nothing (no file names either)
    expect(bashComplete('mailctl campaign events --cursor ')).toEqual([]);
    // a value-taking flag swallows the next word: here "campaign" is a profile name, not the command
    expect(bashComplete('mailctl --profile campaign ')).toContain('events');
  });
});

describe('fish and zsh completion, driven through the shells', () => {
  it('fish completes commands, subcommands, enum values and profiles', (ctx) => {
    requireCommand(ctx, 'fish');
    expect(fishComplete('mailctl camp')).toEqual(['campaign']);
    expect(fishComplete('mailctl campaign sch')).toEqual(['schedule']);
    expect(fishComplete('mailctl campaign list --status ').sort()).toEqual([...CAMPAIGN_STATES].sort());
    expect(fishComplete('mailctl events list --events delivery,b')).toEqual(['delivery,bounce']);
    expect(fishComplete('mailctl --profile ').sort()).toEqual(['ci-prod', 'default', 'staging']);
  });

  it('fish and zsh offer -o markdown only to the commands that take it', (ctx) => {
    requireCommand(ctx, 'fish');
    requireCommand(ctx, 'zsh');
    expect(fishComplete('mailctl campaign list --output ').sort()).toEqual(['csv', 'json', 'ndjson', 'table']);
    expect(fishComplete('mailctl report --output ').sort()).toEqual(['csv', 'json', 'markdown', 'ndjson', 'table']);
    expect(zshComplete('mailctl campaign list --output ')).toEqual(['csv', 'json', 'ndjson', 'table']);
    expect(zshComplete('mailctl report -o ')).toEqual(['csv', 'json', 'markdown', 'ndjson', 'table']);
  });

  it('zsh completes commands, subcommands, enum values and profiles', (ctx) => {
    requireCommand(ctx, 'zsh');
    expect(zshComplete('mailctl camp')).toEqual(['campaign']);
    expect(zshComplete('mailctl campaign sch')).toEqual(['schedule']);
    expect(zshComplete('mailctl campaign list --status ')).toEqual([...CAMPAIGN_STATES].sort());
    expect(zshComplete('mailctl --profile ')).toEqual(['ci-prod', 'default', 'staging']);
    expect(zshComplete('mailctl api ')).toEqual(['DELETE', 'GET', 'PATCH', 'POST', 'PUT']);
  });

  it("zsh: a command's own flag named like a global one is the command's (template create --json FILE, template tags --version N)", (ctx) => {
    requireCommand(ctx, 'zsh');
    expect(zshComplete('mailctl template create --json bo')).toEqual(['body.json']);
    expect(zshComplete('mailctl template tags welcome-email --version 2 --pro')).toEqual(['--profile', '--project']);
  });
});

describe('the generator reads the live command tree', () => {
  it('every key of the value table names a live command and option once its noun is registered', () => {
    const model = describeProgram(liveProgram(), completionValues(liveProgram()));
    const commands = new Map(walk(model.root).map((c) => [c.path.join(' '), c]));
    const nouns = new Set(model.root.commands.map((c) => c.name));
    for (const key of Object.keys(completionValues(liveProgram()))) {
      const m = /^(.*?)\s*(--[\w-]+|<[\w.]+>)$/.exec(key);
      expect(m, key).not.toBeNull();
      const [, path, last] = m!;
      if (path === '') {
        expect(model.globals.some((o) => o.long === last), key).toBe(true);
        continue;
      }
      if (!nouns.has(path!.split(' ')[0]!)) continue; // that noun is not registered yet
      const cmd = commands.get(path!);
      expect(cmd, `${key}: no command "${path}"`).toBeDefined();
      const known = last!.startsWith('<') ? cmd!.args.some((a) => `<${a.name}>` === last) : cmd!.options.some((o) => o.long === last && o.takesValue);
      expect(known, `${key}: "${path}" has no ${last}`).toBe(true);
    }
  });

  it('the value table holds the same values the verbs validate (the specs name the modules the verbs use)', () => {
    const words = (key: string) => {
      const source = completionValues(liveProgram())[key];
      return source?.kind === 'words' ? [...source.words] : undefined;
    };
    expect(words('campaign list --status')).toEqual([...campaignValues.CAMPAIGN_STATES]);
    expect(words('campaign events --type')).toEqual([...campaignValues.CAMPAIGN_EVENT_TYPES]);
    expect(words('webhook set --events')?.sort()).toEqual([...webhookEvents.WEBHOOK_EVENTS].sort());
    expect(words('events list --events')?.sort()).toEqual([...emails.EMAIL_EVENT_TYPES].sort());
    expect(completionValues(liveProgram())['--profile']).toEqual({ kind: 'profiles' });
    expect(completionValues(liveProgram())['profile use <name>']).toEqual({ kind: 'profiles' });
  });

  it('a command added to the tree appears in all three scripts, with commander .choices() as values', () => {
    const program = new Command('mailctl').addOption(new Option('-o, --output <format>', 'format').choices(['table', 'json']));
    const noun = program.command('widget').description('manage widgets');
    noun
      .command('paint')
      .description('paint a widget')
      .argument('<widget_id>', 'widget')
      .addOption(new Option('--colour <name>', 'colour').choices(['red', 'green']))
      .addOption(new Option('--from-file <path>', 'read from a file'))
      .action(() => undefined);
    const bash = completionScript('bash', program, {});
    expect(bash).toContain(`'widget') __mailctl_words='paint' ;;`);
    expect(bash).toContain(`'widget paint --colour') __mailctl_kind=words; __mailctl_words='red green' ;;`);
    expect(bash).toContain(`'widget paint --from-file') __mailctl_kind=files ;;`);
    expect(bash).toContain(`*' --output') __mailctl_kind=words; __mailctl_words='table json' ;;`);
    const zsh = completionScript('zsh', program, {});
    expect(zsh).toContain(`'--colour=[colour]:name:(red green)'`);
    expect(zsh).toContain(`'paint:paint a widget'`);
    const fish = completionScript('fish', program, {});
    expect(fish).toContain(`complete -c mailctl -n '__mailctl_is "widget paint"' -l colour -x -a 'red green' -d 'colour'`);
    expect(fish).toContain(`complete -c mailctl -n '__mailctl_arg "widget" 0' -a paint -d 'paint a widget'`);
  });

  it('refuses a value that the scripts could not carry unquoted', () => {
    const program = new Command('mailctl');
    program.command('x').addOption(new Option('--y <v>', 'y').choices(['a b'])).action(() => undefined);
    expect(() => completionScript('bash', program, {})).toThrow(/"a b"/);
  });
});
