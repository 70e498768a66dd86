import { checkProfileName } from '../../config/data.js';
import { arg } from '../define.js';

/** The NAME argument of `profile use` and `profile remove`: a plain profile name. */
export const profileArg = (description: string) => arg(description, { parse: (raw) => checkProfileName(raw.trim(), 'NAME'), values: 'profiles' });
