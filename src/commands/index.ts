import type { Command } from 'commander';
import { register as registerApi } from './api/index.js';
import { register as registerAuth } from './auth/index.js';
import { register as registerCampaign } from './campaign/index.js';
import { register as registerCompletion } from './completion/index.js';
import { register as registerConfig } from './config/index.js';
import { register as registerContact } from './contact/index.js';
import { register as registerDoctor } from './doctor/index.js';
import { register as registerEmail } from './email/index.js';
import { register as registerEmulator } from './emulator/index.js';
import { register as registerEvents } from './events/index.js';
import { register as registerLists } from './lists/index.js';
import { register as registerProfile } from './profile/index.js';
import { register as registerProperty } from './property/index.js';
import { register as registerReport } from './report/index.js';
import { register as registerSegment } from './segment/index.js';
import { register as registerTopic } from './topic/index.js';
import { register as registerWebhook } from './webhook/index.js';

/**
 * Every noun by its name, in the order `mailctl --help` lists them (cli.md's
 * order). Each register() only declares names, options and help text: verbs
 * load their code when they run. The name lets a run register only the noun it
 * invokes (see program.ts).
 */
export const NOUNS: ReadonlyArray<readonly [noun: string, register: (program: Command) => void]> = [
  ['events', registerEvents],
  ['email', registerEmail],
  ['campaign', registerCampaign],
  ['topic', registerTopic],
  ['contact', registerContact],
  ['property', registerProperty],
  ['segment', registerSegment],
  ['lists', registerLists],
  ['webhook', registerWebhook],
  ['report', registerReport],
  ['auth', registerAuth],
  ['profile', registerProfile],
  ['config', registerConfig],
  ['completion', registerCompletion],
  ['api', registerApi],
  ['doctor', registerDoctor],
  ['emulator', registerEmulator],
];
