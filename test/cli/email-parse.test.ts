import emailCancel from '../../src/commands/email/cancel.js';
import emailSend from '../../src/commands/email/send.js';
import { parseTable, type Parse, type ParseRow } from '../helpers/parse-table.js';

// argv → options or a usage error naming the flag, for `email send` and `email cancel` (no
// emulator): every body field of service-api-rest.md 4.3 that a flag sets, and its bounds.

const send = emailSend.parseInput as Parse;
const BASE = { from: 'hello@acme.example', to: ['ann@example.com'], subject: 'Hi', text: 'body.txt' };
const TEMPLATE = { from: 'hello@acme.example', to: ['ann@example.com'], template: 'spring-sale' };

const ROWS: ParseRow[] = [
  ['send: reply_to_name', send, [], { ...BASE, replyTo: 'help@acme.example', replyToName: 'Acme help' }, { body: { reply_to: 'help@acme.example', reply_to_name: 'Acme help' } }],
  ['send: reply_to_name over 255 (4.3)', send, [], { ...BASE, replyToName: 'n'.repeat(256) }, /^--reply-to-name: /],
  ['send: amp_html is a file read at run time', send, [], { ...BASE, ampHtml: 'amp.html' }, { files: { text: 'body.txt', amp_html: 'amp.html' } }],
  ['send: two bodies from stdin', send, [], { ...BASE, text: '-', ampHtml: '-' }, /^--text and --amp-html: only one of them can read stdin/],
  ['send: template_version and project_id', send, [], { ...TEMPLATE, templateVersion: '2', project: '11' }, { body: { template_slug: 'spring-sale', template_version: 2, project_id: 11 } }],
  ['send: template_version 0 (4.3: at least 1)', send, [], { ...TEMPLATE, templateVersion: '0' }, /^--template-version: must be from 1 /],
  ['send: project_id 0', send, [], { ...TEMPLATE, project: '0' }, /^--project: must be from 1 /],
  ['send: --template-version without --template', send, [], { ...BASE, templateVersion: '2' }, /^--template-version: needs --template$/],
  ['send: --project and --var without --template', send, [], { ...BASE, project: '11', var: ['k=v'] }, /^--var, --project: need --template$/],
  ['send: the three options only when given', send, [], { ...BASE, transactional: false, inlineCss: true, performSubstitutions: false },
    { body: { options: { open_tracking: true, click_tracking: true, transactional: false, inline_css: true, perform_substitutions: false } } }],
  ['send: no option flag leaves them out', send, [], BASE, { body: { options: { open_tracking: true, click_tracking: true, transactional: undefined, inline_css: undefined, perform_substitutions: undefined } } }],
  ['send: a header value with a line break (it would start another header)', send, [], { ...BASE, header: ['X-Note: x\r\nBcc: eve@example.com'] }, /^--header: .*line break/],
  ['send: a header value with a bare LF', send, [], { ...BASE, header: ['X-Note: x\nBcc: eve@example.com'] }, /^--header: .*line break/],
  ['send: a header value with a bare CR', send, [], { ...BASE, header: ['X-Note: x\rBcc: eve@example.com'] }, /^--header: .*line break/],
  ['cancel: --if-exists', emailCancel.parseInput as Parse, ['4829301758203345'], { ifExists: true, yes: true }, { requestId: '4829301758203345', ifExists: true, yes: true, ifScheduled: false, dryRun: false }],
  ['cancel: --if-exists is off by default', emailCancel.parseInput as Parse, ['4829301758203345'], {}, { ifExists: false }],
];

parseTable('email parse table', ROWS);
