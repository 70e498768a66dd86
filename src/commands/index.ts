import { spec as api } from './api/index.js';
import { spec as commands } from './commands/index.js';
import { spec as auth } from './auth/index.js';
import { spec as campaign } from './campaign/index.js';
import { spec as completion } from './completion/index.js';
import { spec as config } from './config/index.js';
import { spec as contact } from './contact/index.js';
import { spec as doctor } from './doctor/index.js';
import { spec as domain } from './domain/index.js';
import { spec as email } from './email/index.js';
import { spec as emulator } from './emulator/index.js';
import { spec as events } from './events/index.js';
import type { RootSpec } from './help-layout.js';
import { spec as lists } from './lists/index.js';
import { HELP_SPEC as help, ROOT_INFO } from './nouns.js';
import { spec as mcp } from './mcp/index.js';
import { spec as profile } from './profile/index.js';
import { spec as project } from './project/index.js';
import { spec as property } from './property/index.js';
import { spec as report } from './report/index.js';
import { spec as segment } from './segment/index.js';
import { spec as template } from './template/index.js';
import type { CommandSpec } from './spec.js';
import { spec as topic } from './topic/index.js';
import { spec as webhook } from './webhook/index.js';

/**
 * Every top-level command's spec, in the order the root help lists them
 * within their group. Importing this evaluates every verb file's declaration
 * (no zod, no API code): a run that names one noun loads it alone, through
 * nouns.ts, where a new noun is listed too.
 */
export const COMMANDS: readonly CommandSpec[] = [
  events,
  email,
  campaign,
  contact,
  segment,
  topic,
  property,
  lists,
  webhook,
  domain,
  template,
  project,
  report,
  auth,
  profile,
  config,
  doctor,
  api,
  emulator,
  completion,
  commands,
  mcp,
  help,
];

export const ROOT: RootSpec = { ...ROOT_INFO, commands: COMMANDS };
