import { SETTABLE_KEYS } from '../../config/data.js';
import { parseKey } from '../../config/profiles.js';
import { arg } from '../define.js';

/** The KEY argument of get, set and unset. */
export const keyArg = arg('setting name', { parse: parseKey, values: SETTABLE_KEYS });
