import type { CommandSpec } from '../spec.js';
import check from './check.js';
import events from './events.js';
import list from './list.js';
import schedule from './schedule.js';
import send from './send.js';
import show from './show.js';
import unschedule from './unschedule.js';

export const spec: CommandSpec = {
  name: 'campaign',
  summary: 'list, inspect, schedule, unschedule and send campaigns, and read their events',
  group: 'reading',
  commands: [list, show, events, schedule, check, unschedule, send],
};
