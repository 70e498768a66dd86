#!/usr/bin/env node
// `npm run demo`: mailctl at work in one minute, without an account. Starts the
// bundled emulator on a free loopback port, runs real mailctl commands against
// it (each printed before its output), then stops the emulator.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin', 'mailctl.js');

if (!existsSync(join(root, 'dist', 'main.js')) || !existsSync(join(root, 'dist', 'emulator', 'index.mjs'))) {
  console.log('Building mailctl first (npm run build)…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const { startEmulator } = await import(join(root, 'dist', 'emulator', 'index.mjs'));
const emu = await startEmulator({ seed: 7, events: 5000 });
const work = mkdtempSync(join(tmpdir(), 'mailctl-demo-'));
const env = {
  ...process.env,
  MAILCTL_BASE_URL: emu.baseUrl,
  MAILCTL_API_KEY: emu.keys.full,
  MAILCTL_CONFIG_DIR: join(work, 'config'),
  MAILCTL_WEBHOOK_PASSWORD: undefined,
  MAILCTL_WEBHOOK_CLIENT_SECRET: undefined,
};
const bold = (s) => (process.stdout.isTTY && !process.env.NO_COLOR ? `\u001b[1m${s}\u001b[22m` : s);

/** Runs one mailctl command with the terminal as its output, so tables look as they do for users. */
function mailctl(args, { input, shown } = {}) {
  console.log(`\n${bold(`$ ${shown ?? `mailctl ${args.join(' ')}`}`)}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: [input === undefined ? 'ignore' : 'pipe', 'inherit', 'inherit'] });
    if (input !== undefined) child.stdin.end(input);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

let failures = 0;
const step = async (args, options) => {
  const code = await mailctl(args, options);
  if (code !== 0) {
    failures++;
    console.log(`(exit ${code})`);
  }
};

try {
  console.log(`Emulator on ${emu.baseUrl}. Every command below is real: MAILCTL_BASE_URL and MAILCTL_API_KEY point at it.`);
  const f = emu.fixtures;
  await step(['events', 'list', '--limit', '5']);
  await step(['events', 'list', '--events', 'bounce', '--limit', '3', '--fields', 'timestamp,rcpt_to,bounce_class,reason', '--output', 'csv']);
  await step(['email', 'show', f.requestIds[0]]);
  await step(['campaign', 'list', '--limit', '5']);
  await step(['campaign', 'schedule', f.campaigns.draft, '--at', '+2h']);
  await step(['campaign', 'unschedule', f.campaigns.draft]);
  await step(['campaign', 'unschedule', f.campaigns.draft, '--if-scheduled']);
  const contactsFile = join(work, 'contacts.txt');
  writeFileSync(contactsFile, `${f.contacts.slice(0, 25).join('\n')}\n`);
  await step(['lists', 'attach', '--contacts-file', contactsFile, '--list', f.lists[0]], {
    shown: `mailctl lists attach --contacts-file contacts.txt --list ${f.lists[0]}`,
  });
  await step(['webhook', 'set', f.webhooks[0], '--url', 'https://hooks.example.com/mail', '--events', 'delivery,bounce,engagement.click', '--auth-type', 'basic', '--auth-username', 'ops', '--auth-password-stdin'], {
    input: 'demo-password\n',
    shown: `printf '%s' "$PASSWORD" | mailctl webhook set ${f.webhooks[0]} --url https://hooks.example.com/mail --events delivery,bounce,engagement.click --auth-type basic --auth-username ops --auth-password-stdin`,
  });
  await step(['webhook', 'list']);
  console.log(`\nDone: ${failures === 0 ? 'every command succeeded' : `${failures} command(s) failed`}. Try your own: mailctl emulator, then point MAILCTL_BASE_URL at it.`);
} finally {
  await emu.close();
  rmSync(work, { recursive: true, force: true });
}
process.exit(failures === 0 ? 0 : 1);
