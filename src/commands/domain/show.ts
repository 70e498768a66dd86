import { OPERATIONS } from '../../api/operations.js';
import { DOMAIN_FIELDS } from '../../api/vocabulary.js';
import { command, flag } from '../define.js';
import { runShow } from '../runners/show.js';
import { dnsRecords, zoneLines } from '../../api/dns-records.js';
import { DOMAIN_ARGS, domainFields, RECORD_COLUMNS } from './records.js';

export default command({
  name: 'show',
  summary: 'show a sending domain and the DNS records to publish for it',
  description: 'Root domains need SPF, DKIM and DMARC; subdomains need DKIM, DMARC and the bounce\nCNAME. With --zone only the records are printed, as zone-file lines ready to paste.',
  args: DOMAIN_ARGS,
  flags: { zone: flag.boolean('print only the DNS records, as zone-file lines') },
  examples: ['mailctl domain show mail.example.com', 'mailctl domain show mail.example.com --zone >> example.com.zone', 'mailctl domain show mail.example.com --json'],
  operation: OPERATIONS.showDomain,
  async run({ name, zone }, ctx) {
    const { getDomain } = await import('../../api/domains.js');
    if (zone) {
      ctx.output({ fields: DOMAIN_FIELDS });
      const api = await ctx.api();
      await ctx.output().write(zoneLines(dnsRecords(await getDomain(api, name))));
      return;
    }
    await runShow(ctx, {
      fields: DOMAIN_FIELDS,
      spinner: `fetching domain ${name}`,
      fetch: (api) => getDomain(api, name),
      sections: (d) => [domainFields(d), { title: 'DNS records to publish', table: { columns: RECORD_COLUMNS, rows: dnsRecords(d) } }],
    });
  },
});
