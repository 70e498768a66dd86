import { OPERATIONS } from '../../api/operations.js';
import { PROPERTY_TYPES } from '../../api/vocabulary.js';
import { command, flag } from '../define.js';
import { dryRunFlag, runWrite } from '../runners/write.js';
import { fallbackValue, propertyName } from '../../input/resource-values.js';
import { PROPERTY_FIELDS, propertySections } from './update.js';

export default command({
  name: 'create',
  summary: 'define a contact property; prints the new property and its id',
  description: 'Name and type cannot change afterwards: delete the property and create a new one.',
  flags: {
    name: flag.string('name, e.g. first_name (a lowercase letter, then lowercase letters, digits, _)', { value: 'name', parse: propertyName }).required(),
    type: flag.enum(PROPERTY_TYPES, 'type of the values', 'type').required(),
    fallbackValue: flag.string('value used where a contact has none (at most 255 characters)', { value: 'text', parse: fallbackValue }),
    dryRun: dryRunFlag,
  },
  examples: ['mailctl property create --name nickname --type string --fallback-value there', 'mailctl property create --name tier --type string --json', 'mailctl property create --name signup_date --type date --dry-run'],
  operation: OPERATIONS.createProperty,
  async run(o, ctx) {
    const { createProperty } = await import('../../api/audience-admin.js');
    const body: Record<string, unknown> = { name: o.name, type: o.type };
    if (o.fallbackValue !== undefined) body.fallback_value = o.fallbackValue;
    const w = createProperty(body);
    await runWrite(ctx, {
      operation: OPERATIONS.createProperty, action: 'create properties', request: w.request, dryRun: o.dryRun, fields: PROPERTY_FIELDS, send: w.send, sections: propertySections,
    });
  },
});
