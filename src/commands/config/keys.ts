import { SETTABLE_KEYS, type SettableKey } from '../../config/data.js';
import { MAX_RETRIES, validateBaseUrl } from '../../config/resolve.js';
import { parseFormat } from '../../format.js';
import { UsageError } from '../../errors.js';
import { parseDuration, parseIntInRange } from '../../duration.js';
import { arg } from '../define.js';

function parseKey(text: string): SettableKey {
  if (text === 'api_key') {
    throw new UsageError('the API key is not set with `config set` (it would stay in your shell history)', {
      hint: 'run `mailctl auth login`, which reads it from stdin or a hidden prompt',
    });
  }
  if ((SETTABLE_KEYS as readonly string[]).includes(text)) return text as SettableKey;
  throw new UsageError(`unknown setting "${text}"`, { hint: `settings: ${SETTABLE_KEYS.join(', ')}` });
}

/** Checks a value the same way the flag of that setting is checked, so a bad profile cannot be saved. */
export function parseValue(key: SettableKey, text: string): string | number {
  switch (key) {
    case 'base_url':
      return validateBaseUrl(text, 'base_url');
    case 'output':
      return parseFormat(text, 'output');
    case 'timeout':
      parseDuration(text, 'timeout');
      return text;
    case 'retries':
      return parseIntInRange(text, 'retries', 0, MAX_RETRIES);
  }
}

/** The KEY argument of get, set and unset. */
export const keyArg = arg('setting name', { parse: parseKey, values: SETTABLE_KEYS });
