import contactCreate from '../../src/commands/contact/create.js';
import contactImport from '../../src/commands/contact/import.js';
import contactList from '../../src/commands/contact/list.js';
import contactUpdate from '../../src/commands/contact/update.js';
import listsDelete from '../../src/commands/lists/delete.js';
import propertyCreate from '../../src/commands/property/create.js';
import segmentCreate from '../../src/commands/segment/create.js';
import segmentUpdate from '../../src/commands/segment/update.js';
import topicCreate from '../../src/commands/topic/create.js';
import { parseTable, type Parse, type ParseRow } from '../helpers/parse-table.js';

// argv → options or a usage error naming the flag, for the audience commands
// (no emulator): each command's parseInput, as commander hands it the words.

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';
const ID2 = '8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a';


const ROWS: ParseRow[] = [
  ['contact list filters', contactList.parseInput as Parse, [], { status: 'subscribed', list: ID, search: 'ada' }, { status: 'subscribed', list: ID, search: 'ada' }],
  ['contact list bad status', contactList.parseInput as Parse, [], { status: 'active' }, /^--status: /],
  ['contact list per-page over 100', contactList.parseInput as Parse, [], { perPage: '101' }, /^--per-page: /],
  ['contact list search over 255', contactList.parseInput as Parse, [], { search: 'x'.repeat(256) }, /^--search: /],
  ['contact create body', contactCreate.parseInput as Parse, [], { email: 'a@example.com', property: ['plan=pro', 'note=a,b'] },
    { body: { email: 'a@example.com', properties: { plan: 'pro', note: 'a,b' } }, dryRun: false }],
  ['contact create no email', contactCreate.parseInput as Parse, [], {}, /--email: required/],
  ['contact create property without =', contactCreate.parseInput as Parse, [], { email: 'a@example.com', property: ['plan'] }, /^--property: /],
  // Spec 4.32 to 4.34 and 2.13: the email format (ASCII dot-atoms, no quotes, no empty atom), which the API would refuse.
  ['contact create two dots', contactCreate.parseInput as Parse, [], { email: 'a..b@example.com' }, /^--email: must be an email address in plain ASCII/],
  ['contact create non-ASCII', contactCreate.parseInput as Parse, [], { email: 'ü@example.com' }, /^--email: /],
  ['contact create quoted', contactCreate.parseInput as Parse, [], { email: '"a b"@example.com' }, /^--email: /],
  ['contact create underscore domain', contactCreate.parseInput as Parse, [], { email: 'a@b_c.example' }, /^--email: /],
  ['contact create odd sender', contactCreate.parseInput as Parse, [], { email: 'a@example.com', confirmFrom: '.news@example.com' }, /^--confirm-from: /],
  ['contact update odd address', contactUpdate.parseInput as Parse, [ID], { email: 'ada.@example.com' }, /^--email: /],
  ['contact create plain symbols', contactCreate.parseInput as Parse, [], { email: "o'brien+news@mail-1.example.co" },
    { body: { email: "o'brien+news@mail-1.example.co" }, dryRun: false }],
  ['contact create half a double opt-in', contactCreate.parseInput as Parse, [], { email: 'a@example.com', confirmTemplate: 'c' }, /--confirm-from/],
  ['contact update unset', contactUpdate.parseInput as Parse, [ID], { unsetProperty: ['plan'] }, { id: ID, body: { properties: { plan: null } }, dryRun: false }],
  ['contact update status bounced', contactUpdate.parseInput as Parse, [ID], { status: 'bounced' }, /^--status: /],
  ['contact update nothing', contactUpdate.parseInput as Parse, [ID], {}, /nothing to update/],
  ['contact import', contactImport.parseInput as Parse, ['a.csv'], { column: 'email', list: ID, skip: '1000' }, { file: 'a.csv', column: 'email', list: ID, skip: 1000 }],
  ['contact import bad list', contactImport.parseInput as Parse, ['a.csv'], { list: 'news' }, /^--list: /],
  ['topic create', topicCreate.parseInput as Parse, [], { name: 'News', defaultSubscription: 'opt_out' }, { name: 'News', defaultSubscription: 'opt_out' }],
  ['topic create bad default', topicCreate.parseInput as Parse, [], { name: 'News', defaultSubscription: 'maybe' }, /^--default-subscription: /],
  ['topic create description over 1000', topicCreate.parseInput as Parse, [], { name: 'News', description: 'x'.repeat(1001) }, /^--description: /],
  ['property create', propertyCreate.parseInput as Parse, [], { name: 'first_name', type: 'string' }, { name: 'first_name', type: 'string' }],
  ['property create capital', propertyCreate.parseInput as Parse, [], { name: 'FirstName', type: 'string' }, /^--name: /],
  ['property create digit first', propertyCreate.parseInput as Parse, [], { name: '1st', type: 'string' }, /^--name: /],
  ['property create bad type', propertyCreate.parseInput as Parse, [], { name: 'x', type: 'text' }, /^--type: /],
  ['lists delete dedupes', listsDelete.parseInput as Parse, [ID, ID2, ID.toUpperCase()], {}, { ids: [ID, ID2] }],
  ['lists delete bad id', listsDelete.parseInput as Parse, ['news'], {}, /UUID/],
  ['segment create where', segmentCreate.parseInput as Parse, [], { name: 'S', where: ['email ends_with @x.com'] },
    { where: [{ field: 'email', operator: 'ends_with', value: '@x.com' }] }],
  ['segment create is_true with value', segmentCreate.parseInput as Parse, [], { name: 'S', where: ['properties.vip is_true yes'] }, /^--where: /],
  ['segment create unknown operator', segmentCreate.parseInput as Parse, [], { name: 'S', where: ['email like x'] }, /^--where: /],
  ['segment create no conditions', segmentCreate.parseInput as Parse, [], { name: 'S' }, /no conditions/],
  ['segment create value over 1000', segmentCreate.parseInput as Parse, [], { name: 'S', where: [`email contains ${'x'.repeat(1001)}`] }, /^--where: /],
  ['segment update or-group', segmentUpdate.parseInput as Parse, [ID], { orGroup: ['plan equals pro or plan equals team'] },
    { orGroup: [[{ field: 'plan', operator: 'equals', value: 'pro' }, { field: 'plan', operator: 'equals', value: 'team' }]] }],
  ['segment update list and all-contacts', segmentUpdate.parseInput as Parse, [ID], { list: ID2, allContacts: true }, /cannot be used together/],
  ['segment update nothing', segmentUpdate.parseInput as Parse, [ID], {}, /nothing to update/],
];

parseTable('audience commands: argv to options', ROWS);
