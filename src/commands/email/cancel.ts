import { OPERATIONS } from '../../api/operations.js';
import { ApiError, CliError } from '../../errors.js';
import { writeDetail } from '../../output/detail.js';
import { arg, command, flag } from '../define.js';
import { ifExistsFlags } from '../runners/delete.js';
import { runWrite, yesFlag } from '../runners/write.js';
import { transmissionId } from '../../input/values.js';

// `email cancel REQUEST_ID` (service-api-rest.md 4.7). The email is lost for good, so it is
// confirmed like a delete: asked on a terminal, --yes anywhere else. The API answers an email
// already sent, an unknown id and a repeated cancel alike, 409 schedule_cancellation_failed
// (no 404): --if-scheduled turns that one refusal into a no-op so CI jobs can re-run.
// --if-exists is every delete's (cli.md): a 404, should the service answer one, is a no-op too.

const FIELDS = ['id', 'cancelled'] as const;

export default command({
  name: 'cancel',
  summary: 'cancel a scheduled email before its time; asks first (--yes when not on a terminal)',
  args: { requestId: arg('the request_id `email send --at` printed', { parse: transmissionId }) },
  flags: {
    ifScheduled: flag.boolean('succeed without change (exit 0, notice on stderr) when it is no longer scheduled (409)'),
    yes: yesFlag,
    ...ifExistsFlags,
  },
  examples: ['mailctl email cancel 4829301758203345', 'mailctl email cancel 4829301758203345 --yes --if-scheduled --if-exists --json'],
  operation: OPERATIONS.cancelScheduledEmail,
  async run(opts, ctx) {
    const { cancelRequest, cancelScheduledEmail, isNotScheduled } = await import('../../api/sending.js');
    const id = opts.requestId;
    const print = (cancelled: boolean) =>
      writeDetail(ctx.output(), { id, cancelled }, [{ fields: [{ key: 'id', label: 'ID', value: id }, { key: 'cancelled', label: 'Cancelled', value: cancelled, kind: 'bool' }] }]);
    await runWrite(ctx, {
      operation: OPERATIONS.cancelScheduledEmail,
      action: 'cancel scheduled emails',
      request: cancelRequest(id),
      dryRun: opts.dryRun,
      fields: FIELDS,
      confirm: { command: 'email cancel', what: `cancel scheduled email ${id} (it will not be sent)`, done: 'cancelled', yes: opts.yes },
      async send(api) {
        try {
          const message = await cancelScheduledEmail(api, id);
          if (message) ctx.notice(message);
          return true;
        } catch (error) {
          if (error instanceof CliError && error.outcomeUnknown) {
            throw error.withHint(`check with \`mailctl email scheduled ${id}\`: not found means it was cancelled; --if-scheduled makes re-running safe`);
          }
          if (opts.ifExists && error instanceof ApiError && error.status === 404) {
            ctx.notice(`scheduled email ${id} does not exist: nothing to cancel (--if-exists)`);
            return false;
          }
          if (!opts.ifScheduled || !isNotScheduled(error)) throw error;
          ctx.notice(`scheduled email ${id} is not scheduled any more, nothing to do (--if-scheduled): ${error.message}`);
          return false;
        }
      },
      print: (cancelled) => print(cancelled),
    });
  },
});
