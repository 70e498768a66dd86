import * as z from 'zod';
import { contactAnswer, contactSchema, propertyAnswer, propertySchema, segmentAnswer, segmentSchema, topicAnswer, topicSchema } from './audience-schemas.js';

// The schemas of audience-admin.ts's operations, loaded while a request waits for its answer (RequestSpec.prepare).

const listSchema = z.object({ id: z.string(), name: z.string().nullish(), contacts_count: z.number().nullish() }).loose();
export type AudienceList = z.output<typeof listSchema>;

const pagination = z
  .object({ total: z.number().nullish(), per_page: z.number().nullish(), current_page: z.number(), last_page: z.number() })
  .loose();

/** A page of a numbered-page list: `data.<key>` and `data.pagination` (4.25, 4.31, 4.40, 4.44, 4.48). */
const pageOf = <K extends string, S extends z.ZodType>(key: K, item: S) =>
  z.object({ data: z.object({ [key]: z.array(item), pagination } as { [k in K]: z.ZodArray<S> } & { pagination: typeof pagination }) });

export const PAGES = {
  lists: pageOf('lists', listSchema),
  contacts: pageOf('contacts', contactSchema),
  topics: pageOf('topics', topicSchema),
  properties: pageOf('properties', propertySchema),
  segments: pageOf('segments', segmentSchema),
};

const deletedSchema = z.object({ deleted: z.number().int().nonnegative() }).loose();

const importSchema = z.object({ created: z.number().int().nonnegative(), already_existed: z.number().int().nonnegative() }).loose();
export type Imported = z.output<typeof importSchema>;

/** The answers whose `data` is one resource or one result. */
export const ANSWERS = {
  list: z.object({ data: listSchema }),
  contact: contactAnswer,
  topic: topicAnswer,
  property: propertyAnswer,
  segment: segmentAnswer,
  deleted: z.object({ data: deletedSchema }),
  imported: z.object({ data: importSchema }),
};
