import type { Property } from '../../api/audience.js';
import { OPERATIONS } from '../../api/operations.js';
import { UsageError } from '../../errors.js';
import { fallbackValue } from '../../input/resource-values.js';
import { uuid } from '../../input/values.js';
import type { DetailSection } from '../../output/detail.js';
import { arg, command, flag } from '../define.js';
import { dryRunFlag, runWrite } from '../runners/write.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export const PROPERTY_FIELDS = ['id', 'name', 'type', 'fallback_value', 'created_at'] as const;

export function propertySections(p: Property): DetailSection[] {
  return [
    {
      fields: [
        { key: 'id', label: 'ID', value: p.id },
        { key: 'name', label: 'Name', value: p.name },
        { key: 'type', label: 'Type', value: p.type },
        { key: 'fallback_value', label: 'Fallback value', value: p.fallback_value },
        { key: 'created_at', label: 'Created', value: p.created_at, kind: 'time' },
      ],
    },
  ];
}

export default command({
  name: 'update',
  summary: 'set or clear the fallback value of a property (name and type cannot change); prints the property',
  args: { propertyId: arg('id of the property (a UUID)', { parse: uuid }) },
  flags: {
    fallbackValue: flag.string('value used where a contact has none (at most 255 characters; "" is an empty fallback)', { value: 'text', parse: fallbackValue }),
    clearFallback: flag.boolean('remove the fallback value (sends null)'),
    dryRun: dryRunFlag,
  },
  examples: [`mailctl property update ${ID} --fallback-value "there"`, `mailctl property update ${ID} --clear-fallback --dry-run`],
  operation: OPERATIONS.updateProperty,
  check(o) {
    if (o.fallbackValue !== undefined && o.clearFallback) throw new UsageError('--fallback-value and --clear-fallback cannot be used together');
    if (o.fallbackValue === undefined && !o.clearFallback) throw new UsageError('nothing to update: give --fallback-value TEXT or --clear-fallback');
    return { id: o.propertyId, fallbackValue: o.clearFallback ? null : (o.fallbackValue as string), dryRun: o.dryRun };
  },
  async run({ id, fallbackValue: value, dryRun }, ctx) {
    const audience = await import('../../api/audience.js');
    await runWrite(ctx, {
      operation: OPERATIONS.updateProperty,
      action: 'update properties',
      request: audience.updatePropertyRequest(id, value),
      dryRun,
      fields: PROPERTY_FIELDS,
      send: (api) => audience.updateProperty(api, id, value),
      sections: propertySections,
    });
  },
});
