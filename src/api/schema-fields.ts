import * as z from 'zod';

// Field types every resource schema uses. The spec and the service notes allow
// many fields to be null or absent, so they are nullish; unknown fields pass
// through (.loose()) so json output prints the API's object as it came.
export const optionalText = z.string().nullish();
export const optionalCount = z.number().nullish();
