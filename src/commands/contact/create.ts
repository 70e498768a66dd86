import { OPERATIONS } from '../../api/operations.js';
import { NAME_MAX } from '../../api/vocabulary.js';
import { UsageError } from '../../errors.js';
import { text, uuid } from '../../input/values.js';
import { command, flag } from '../define.js';
import { dryRunFlag, runWrite } from '../runners/write.js';
import { contactSections } from '../../output/contact-detail.js';
import { CONTACT_FIELDS } from './show.js';
import { contactAddress, propertyPair, redirectUrl } from '../../input/resource-values.js';

export default command({
  name: 'create',
  summary: 'create a contact, optionally in a list and with double opt-in; prints the contact',
  description:
    'Without --confirm-* flags the contact starts subscribed. With them (spec 2.13) it starts\n' +
    'unverified and the service emails it a confirmation link from the given template, which\n' +
    'should contain the {{confirmation_url}} merge tag.',
  flags: {
    email: flag.string('address of the contact (at most 255 characters)', { value: 'address', parse: contactAddress }).required(),
    list: flag.string('list to add the contact to (a UUID)', { value: 'id', parse: uuid }),
    property: flag.repeated('a property of the team and its value: name=value (repeatable)', { value: 'name=value', parse: propertyPair }),
    confirmFrom: flag.string('double opt-in: sender of the confirmation email (on a verified domain)', { value: 'address', parse: contactAddress }),
    confirmFromName: flag.string('double opt-in: sender name', { value: 'name', parse: text(NAME_MAX) }),
    confirmSubject: flag.string('double opt-in: subject of the confirmation email', { value: 'text', parse: text(998) }),
    confirmTemplate: flag.string('double opt-in: slug of a published template', { value: 'slug', parse: text(NAME_MAX) }),
    confirmRedirectUrl: flag.string('double opt-in: where the browser goes after confirming', { value: 'url', parse: redirectUrl }),
    dryRun: dryRunFlag,
  },
  examples: [
    'mailctl contact create --email ada@example.com --property plan=pro',
    'mailctl contact create --email ada@example.com --list 8d7c6b5a-4f3e-4d2c-9b1a-0f9e8d7c6b5a --json',
    'mailctl contact create --email ada@example.com --confirm-from news@example.com --confirm-subject "Confirm" --confirm-template confirm --confirm-redirect-url https://example.com/thanks --dry-run',
  ],
  operation: OPERATIONS.createContact,
  check(o) {
    const body: Record<string, unknown> = { email: o.email };
    if (o.list !== undefined) body.list_id = o.list;
    if (o.property) body.properties = Object.fromEntries(o.property);
    const confirm = { from: o.confirmFrom, from_name: o.confirmFromName, subject: o.confirmSubject, template_slug: o.confirmTemplate, redirect_url: o.confirmRedirectUrl };
    if (Object.values(confirm).some((v) => v !== undefined)) {
      const needed: [string, unknown][] = [['--confirm-from', o.confirmFrom], ['--confirm-subject', o.confirmSubject], ['--confirm-template', o.confirmTemplate], ['--confirm-redirect-url', o.confirmRedirectUrl]];
      const missing = needed.filter(([, v]) => v === undefined).map(([f]) => f);
      if (missing.length > 0) throw new UsageError(`double opt-in also needs ${missing.join(', ')}`);
      body.double_opt_in = Object.fromEntries(Object.entries(confirm).filter(([, v]) => v !== undefined));
    }
    return { body, dryRun: o.dryRun };
  },
  async run({ body, dryRun }, ctx) {
    const { createContact } = await import('../../api/audience-admin.js');
    const w = createContact(body);
    await runWrite(ctx, {
      operation: OPERATIONS.createContact, action: 'create contacts', request: w.request, dryRun, fields: CONTACT_FIELDS, send: w.send,
      sections: (c) => contactSections(c, ctx.output().isTTY),
    });
  },
});
