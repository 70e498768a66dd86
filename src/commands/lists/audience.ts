import type { Command } from 'commander';
import { register as registerContact } from '../contact/index.js';
import { register as registerProperty } from '../property/index.js';
import { register as registerSegment } from '../segment/index.js';
import { register as registerTopic } from '../topic/index.js';
import { register as registerLists } from './index.js';

/** The audience nouns (spec 4.8–4.13), in the order cli.md lists them: one entry in commands/index.ts. */
export function register(program: Command): void {
  registerTopic(program);
  registerContact(program);
  registerProperty(program);
  registerSegment(program);
  registerLists(program);
}
