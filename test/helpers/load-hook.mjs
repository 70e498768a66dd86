// Preloaded with `node --import` by test/core/startup.test.ts: records the URL of
// every module the process loads, one per line, in the file named by MAILCTL_LOAD_LOG.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    import { appendFileSync } from 'node:fs';
    export async function load(url, context, next) {
      appendFileSync(${JSON.stringify(process.env.MAILCTL_LOAD_LOG)}, url + '\\n');
      return next(url, context);
    }
  `)}`,
);
