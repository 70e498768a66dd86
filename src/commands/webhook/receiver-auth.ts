// The auth flags `webhook listen` (what to expect) and `webhook forward` (what to send) share:
// --auth-type none|basic|oauth2, --auth-username, and the secrets from stdin or env only
// (parsed and read by webhooks/receiver-auth.ts).
import { ValueError } from '../../errors.js';
import { flag } from '../define.js';

function username(raw: string): string {
  if (raw === '') throw new ValueError('must not be empty');
  return raw;
}

const AUTH_TYPES = ['none', 'basic', 'oauth2'] as const;

/** The flags of listen (`side` "expect": what to check) and forward ("send": what to send). */
export function authFlags(side: 'expect' | 'send') {
  const expect = side === 'expect';
  return {
    authType: flag.enum(AUTH_TYPES, `credentials to ${expect ? 'expect' : 'send'} (oauth2: a Bearer token)`, 'type'),
    authUsername: flag.string(expect ? 'expected basic auth username' : 'basic auth username', { value: 'name', parse: username }),
    authPasswordStdin: flag.boolean(`read the ${expect ? 'expected ' : ''}basic auth password from stdin (else env MAILCTL_WEBHOOK_PASSWORD)`),
    bearerTokenStdin: flag.boolean(`read the ${expect ? 'expected Bearer token' : 'Bearer token to send'} from stdin (else env MAILCTL_WEBHOOK_BEARER_TOKEN)`),
    signingSecretStdin: flag.boolean(
      expect
        ? 'check the lettr-signature HMAC with the secret read from stdin (else env MAILCTL_WEBHOOK_SIGNING_SECRET)'
        : 'sign each body with a lettr-signature HMAC, secret from stdin (else env MAILCTL_WEBHOOK_SIGNING_SECRET)',
    ),
  };
}

/** Flags that would carry a secret, and where the secret goes instead (listen and forward). */
export const RECEIVER_SECRET_FLAGS = {
  '--auth-password': 'pipe it with --auth-password-stdin, or set MAILCTL_WEBHOOK_PASSWORD',
  '--bearer-token': 'pipe it with --bearer-token-stdin, or set MAILCTL_WEBHOOK_BEARER_TOKEN',
  '--signing-secret': 'pipe it with --signing-secret-stdin, or set MAILCTL_WEBHOOK_SIGNING_SECRET',
};
