import * as z from 'zod';

// The schemas of templates.ts's operations, loaded while a request waits for its answer (RequestSpec.prepare).

const mergeTagSchema = z
  .object({
    key: z.string(),
    required: z.boolean(),
    type: z.string().nullish(),
    children: z.array(z.object({ key: z.string(), type: z.string().nullish() }).loose()).nullish(),
  })
  .loose();

export type MergeTag = z.output<typeof mergeTagSchema>;

const templateSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    project_id: z.number(),
    folder_id: z.number().nullish(),
    active_version: z.number().nullish(),
    versions_count: z.number().nullish(),
    html: z.string().nullish(),
    json: z.string().nullish(),
    merge_tags: z.array(mergeTagSchema).nullish(),
    created_at: z.string().nullish(),
    updated_at: z.string().nullish(),
  })
  .loose();

export type Template = z.output<typeof templateSchema>;

export const pageSchema = z.object({
  data: z.object({
    templates: z.array(templateSchema),
    pagination: z.object({ total: z.number(), per_page: z.number(), current_page: z.number(), last_page: z.number() }),
  }),
});

export const oneSchema = z.object({ data: templateSchema });

export const tagsSchema = z.object({
  data: z.object({ project_id: z.number(), template_slug: z.string(), version: z.number(), merge_tags: z.array(mergeTagSchema) }).loose(),
});

export const htmlSchema = z.object({
  data: z.object({ html: z.string(), merge_tags: z.array(z.object({ key: z.string(), name: z.string(), required: z.boolean() }).loose()), subject: z.string().nullish() }),
});
