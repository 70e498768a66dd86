import { uuid } from '../../input/values.js';
import { arg, flag } from '../define.js';

// What the campaign verbs share: the id argument and the pre-flight's flags (the rates are in
// src/report/campaign-rates.ts).

/** The campaign id argument, checked as a UUID before anything is sent. */
export const campaignIdArg = arg('campaign id (UUID)', { parse: uuid });

/** How far ahead the send time must be by default (cli.md: 10m). */
export const DEFAULT_MIN_LEAD = '10m';

/** The pre-flight's own flags: `campaign check`, and `campaign schedule --check`. */
export const preflightFlags = {
  minLead: flag.string('how far ahead the send time must be, e.g. 10m, 1h', { value: 'duration' }),
  health: flag.boolean("also judge the account's last 7 days (`mailctl report`): fails on a critical bounce or complaint rate"),
};

/** An id for the examples. */
export const EXAMPLE_ID = 'a2c4e6f8-1b3d-4f5a-8c7e-9d0b1a2c3e4f';
