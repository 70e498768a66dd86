import { OPERATIONS } from '../../api/operations.js';
import { DOMAIN_FIELDS } from '../../api/vocabulary.js';
import { command } from '../define.js';
import { dryRunFlag, runWrite } from '../runners/write.js';
import { DOMAIN_ARGS } from './records.js';

export default command({
  name: 'add',
  summary: 'register a sending domain; then publish its DNS records and verify them',
  args: DOMAIN_ARGS,
  flags: { dryRun: dryRunFlag },
  examples: ['mailctl domain add mail.example.com', 'mailctl domain add mail.example.com --dry-run', 'mailctl domain add example.com --json'],
  operation: OPERATIONS.createDomain,
  async run({ name, dryRun }, ctx) {
    const domains = await import('../../api/domains.js');
    const created = await runWrite(ctx, {
      operation: OPERATIONS.createDomain,
      action: 'add domains',
      request: domains.createDomainRequest(name),
      dryRun,
      fields: DOMAIN_FIELDS,
      send: (api) => domains.createDomain(api, name),
      sections: (d) => [
        {
          fields: [
            { key: 'domain', label: 'Domain', value: d.domain },
            { key: 'status', label: 'Status', value: d.status, kind: 'status' },
            { key: 'dkim', label: 'DKIM selector', value: d.dkim?.selector ?? null },
          ],
        },
      ],
    });
    if (created) {
      ctx.notice(`added domain ${created.domain} (${created.status})`);
      ctx.notice(`next: publish the records of \`mailctl domain show ${created.domain} --zone\`, then run \`mailctl domain verify ${created.domain} --wait 10m\``);
    }
  },
});
