import { NAME_MAX } from '../../api/vocabulary.js';
import { pathOrStdin, text, uuid } from '../../input/values.js';
import { flag } from '../define.js';
import { dryRunFlag } from '../runners/write.js';
import { parseCondition, parseOrGroup } from '../../api/segment-conditions.js';

// The flags create and update share (spec 4.49, 4.50).

export const SEGMENT_ID = '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f';

export const SEGMENT_WRITE_FLAGS = {
  name: flag.string('name of the segment (1 to 255 characters)', { value: 'name', parse: text(NAME_MAX) }),
  list: flag.string('only contacts of this list (a UUID); all contacts without it', { value: 'id', parse: uuid }),
  where: flag.repeated("a condition: 'field operator value' (a group of its own, or an alternative of the --or-group before it)", { value: 'condition', parse: parseCondition }),
  orGroup: flag.repeatedOrBare("alone: opens a group whose alternatives are the --where flags after it; or a whole group: 'field operator value or field operator value'", { value: 'conditions', parse: parseOrGroup }),
  conditions: flag.string('the conditions as the API\'s JSON ({"groups": [...]}) from a file, or - for stdin', { value: 'path', parse: pathOrStdin }).completes('files').readsText(),
  dryRun: dryRunFlag,
};

export const CONDITIONS_HELP =
  "Conditions (spec 2.14): --where 'field operator value' alone is a group of one\n" +
  'condition. --or-group opens a group whose alternatives are the --where flags\n' +
  "after it, up to the next --or-group; --or-group 'a or b' is a whole group of\n" +
  'alternatives in one flag. Conditions inside a group combine with OR, groups\n' +
  'with AND. Operators: contains, not_contains, equals, not_equals, starts_with,\n' +
  'not_starts_with, ends_with, not_ends_with, is_true, is_false (no value),\n' +
  'greater_than, greater_than_or_equal, less_than, less_than_or_equal, before,\n' +
  'after. Fields: email, status, created_at, lists, topics, properties.<name>.';
