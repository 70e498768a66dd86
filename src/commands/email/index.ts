import type { CommandSpec } from '../spec.js';
import cancel from './cancel.js';
import list from './list.js';
import scheduled from './scheduled.js';
import send from './send.js';
import show from './show.js';

export const spec: CommandSpec = {
  name: 'email',
  summary: 'send email, and look at sent and scheduled emails',
  group: 'reading',
  commands: [send, list, show, scheduled, cancel],
};
