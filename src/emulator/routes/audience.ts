// The audience operations (base spec 4.8 to 4.11, spec 4.25 to 4.51), one file per resource; the
// bulk list membership of base 4.12 and 4.13 is in bulk.ts. Literal paths come before the
// `:id` paths that would otherwise take them (/audience/lists/bulk, /audience/contacts/bulk).
import type { Route } from '../router.js';
import { contactLinkRoutes } from './contact-links.js';
import { contactRoutes } from './contacts.js';
import { contactBulkRoutes } from './contacts-bulk.js';
import { listRoutes } from './lists.js';
import { propertyRoutes } from './properties.js';
import { segmentRoutes } from './segments.js';
import { topicRoutes } from './topics.js';

export const audienceRoutes: Route[] = [
  ...listRoutes,
  ...contactBulkRoutes,
  ...contactRoutes,
  ...contactLinkRoutes,
  ...topicRoutes,
  ...propertyRoutes,
  ...segmentRoutes,
];
