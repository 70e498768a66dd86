import { OPERATIONS } from '../../api/operations.js';
import { CONTACT_SETTABLE_STATUSES } from '../../api/vocabulary.js';
import { UsageError } from '../../errors.js';
import { nonEmpty, uuid } from '../../input/values.js';
import { arg, command, flag } from '../define.js';
import { dryRunFlag, runWrite } from '../runners/write.js';
import { contactSections } from '../../output/contact-detail.js';
import { CONTACT_FIELDS } from './show.js';
import { contactAddress, propertyPair } from '../../input/resource-values.js';
import { CONTACT_ID } from './shared.js';

export default command({
  name: 'update',
  summary: 'update a contact: only the given fields are sent; prints the updated contact',
  args: { contactId: arg('id of the contact (a UUID)', { parse: uuid }) },
  flags: {
    email: flag.string('new address (at most 255 characters)', { value: 'address', parse: contactAddress }),
    status: flag.enum(CONTACT_SETTABLE_STATUSES, 'new state', 'state'),
    property: flag.repeated('set a property: name=value (repeatable; other properties stay)', { value: 'name=value', parse: propertyPair }),
    unsetProperty: flag.repeated('remove a property from the contact (repeatable; sends null)', { value: 'name', parse: nonEmpty }),
    dryRun: dryRunFlag,
  },
  examples: [
    `mailctl contact update ${CONTACT_ID} --status unsubscribed`,
    `mailctl contact update ${CONTACT_ID} --property plan=team --unset-property company`,
    `mailctl contact update ${CONTACT_ID} --email ada@example.org --dry-run`,
  ],
  operation: OPERATIONS.updateContact,
  check(o) {
    const body: Record<string, unknown> = {};
    if (o.email !== undefined) body.email = o.email;
    if (o.status !== undefined) body.status = o.status;
    if (o.property || o.unsetProperty) {
      const props: Record<string, string | null> = Object.fromEntries(o.property ?? []);
      for (const name of o.unsetProperty ?? []) {
        if (name in props) throw new UsageError(`--property and --unset-property both name ${name}`);
        props[name] = null;
      }
      body.properties = props;
    }
    if (Object.keys(body).length === 0) throw new UsageError('nothing to update: give at least one of --email, --status, --property, --unset-property');
    return { id: o.contactId, body, dryRun: o.dryRun };
  },
  async run({ id, body, dryRun }, ctx) {
    const { updateContact } = await import('../../api/audience-admin.js');
    const w = updateContact(id, body);
    await runWrite(ctx, {
      operation: OPERATIONS.updateContact, action: 'update contacts', request: w.request, dryRun, fields: CONTACT_FIELDS, send: w.send,
      sections: (c) => contactSections(c, ctx.output().isTTY),
    });
  },
});
