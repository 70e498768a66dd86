// Numbers in messages for people: grouped by thousands (12,345), with the
// noun agreeing with the count ("1 event", "2 events"), the same in every
// command and in every locale (a CI log reads the same everywhere). A leaf,
// so that input/ and output/ both use it.

/** 12345 → "12,345". */
export const thousands = (x: number): string => x.toLocaleString('en-US');

/** The count and its noun: counted(1, 'event') → "1 event"; counted(2, 'address', 'addresses') → "2 addresses". */
export const counted = (x: number, singular: string, plural = `${singular}s`): string => `${thousands(x)} ${x === 1 ? singular : plural}`;

/** The count and a regular plural noun of mailctl's lists: countOf(1, 'properties') → "1 property", countOf(2, 'emails') → "2 emails". */
export const countOf = (x: number, plural: string): string => counted(x, plural.endsWith('ies') ? `${plural.slice(0, -3)}y` : plural.replace(/s$/, ''), plural);
