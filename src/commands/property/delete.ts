import { OPERATIONS } from '../../api/operations.js';
import { uuid } from '../../input/values.js';
import { arg, command } from '../define.js';
import { deleteFlags, runDelete } from '../runners/delete.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export default command({
  name: 'delete',
  summary: 'delete a contact property',
  args: { propertyId: arg('id of the property (a UUID)', { parse: uuid }) },
  flags: { ...deleteFlags },
  examples: [`mailctl property delete ${ID}`, `mailctl property delete ${ID} --yes --if-exists`, `mailctl property delete ${ID} --dry-run`],
  operation: OPERATIONS.deleteProperty,
  async run({ propertyId, yes, ifExists, dryRun }, ctx) {
    const { getProperty, plain } = await import('../../api/audience-admin.js');
    const del = plain(OPERATIONS.deleteProperty, [propertyId]);
    await runDelete(ctx, {
      operation: OPERATIONS.deleteProperty, action: 'delete properties', command: 'property delete', target: `property ${propertyId}`, id: propertyId,
      request: del.request, dryRun, yes, ifExists,
      loss: async (api) => `"${(await getProperty(api, propertyId)).name ?? ''}" and its values on contacts`,
      send: async (api) => void (await del.send(api)),
    });
  },
});
