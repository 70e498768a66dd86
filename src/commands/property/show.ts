import { OPERATIONS } from '../../api/operations.js';
import { uuid } from '../../input/values.js';
import { arg, command } from '../define.js';
import { runShow } from '../runners/show.js';
import { PROPERTY_FIELDS, propertySections } from './update.js';

const ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export default command({
  name: 'show',
  summary: 'show a contact property: name, type and fallback value',
  args: { propertyId: arg('id of the property (a UUID)', { parse: uuid }) },
  examples: [`mailctl property show ${ID}`, `mailctl property show ${ID} --json`, `mailctl property show ${ID} --fields name,type`],
  operation: OPERATIONS.showProperty,
  async run({ propertyId }, ctx) {
    const { getProperty } = await import('../../api/audience-admin.js');
    await runShow(ctx, { fields: PROPERTY_FIELDS, fetch: (api) => getProperty(api, propertyId), sections: propertySections });
  },
});
