import * as z from 'zod';

// The schemas of domains.ts's operations, loaded while a request waits for its answer (RequestSpec.prepare).

const dkimSchema = z.object({ selector: z.string(), public: z.string(), headers: z.string().nullish() }).loose();

const domainSchema = z
  .object({
    domain: z.string(),
    status: z.string(),
    status_label: z.string().nullish(),
    can_send: z.boolean().nullish(),
    cname_status: z.string().nullish(),
    dkim_status: z.string().nullish(),
    dmarc_status: z.string().nullish(),
    spf_status: z.string().nullish(),
    is_primary_domain: z.boolean().nullish(),
    tracking_domain: z.string().nullish(),
    dns: z.object({ dkim: dkimSchema.nullish() }).loose().nullish(),
    dns_provider: z.object({ provider: z.string().nullish(), provider_label: z.string().nullish(), nameservers: z.array(z.string()).nullish() }).loose().nullish(),
    dkim: dkimSchema.extend({ signing_domain: z.string().nullish() }).nullish(),
    created_at: z.string().nullish(),
    updated_at: z.string().nullish(),
  })
  .loose();

export type Domain = z.output<typeof domainSchema>;

const verificationSchema = z
  .object({
    domain: z.string(),
    dkim_status: z.string(),
    cname_status: z.string(),
    dmarc_status: z.string(),
    spf_status: z.string(),
    is_primary_domain: z.boolean(),
    ownership_verified: z.union([z.string(), z.boolean()]).nullish(),
    // the found records and their errors (spec 2.6); other keys a newer service adds are kept, not refused
    dns: z
      .object(Object.fromEntries(['dkim', 'cname', 'dmarc', 'spf'].flatMap((k) => [[`${k}_record`, z.string().nullish()], [`${k}_error`, z.string().nullish()]])))
      .loose()
      .nullish(),
  })
  .loose();

export type DomainVerification = z.output<typeof verificationSchema>;

export const listSchema = z.object({ data: z.object({ domains: z.array(domainSchema) }) });

export const oneSchema = z.object({ data: domainSchema });

export const verifySchema = z.object({ data: verificationSchema });
