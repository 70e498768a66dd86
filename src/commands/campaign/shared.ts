import { uuid } from '../../input/values.js';
import { arg } from '../define.js';

// What the campaign verbs share: the id argument (the rates are in src/report/campaign-rates.ts).

/** The campaign id argument, checked as a UUID before anything is sent. */
export const campaignIdArg = arg('campaign id (UUID)', { parse: uuid });

/** An id for the examples. */
export const EXAMPLE_ID = 'a2c4e6f8-1b3d-4f5a-8c7e-9d0b1a2c3e4f';
