import type { CommandSpec } from '../spec.js';
import login from './login.js';
import logout from './logout.js';
import status from './status.js';

export const spec: CommandSpec = {
  name: 'auth',
  summary: 'save, show and remove the API key of a profile',
  group: 'setup',
  commands: [login, status, logout],
};
