import { Chalk } from 'chalk';

// Colour for terminal tables: a status word in the colour people expect; off in pipes and with --no-color.

const STATUS_COLOURS: Record<string, 'green' | 'yellow' | 'red' | 'cyan' | 'gray' | 'blue'> = {
  sent: 'green', delivered: 'green', success: 'green', enabled: 'green', subscribed: 'green', delivery: 'green',
  scheduled: 'cyan', sending: 'blue', preparing: 'blue', in_review: 'yellow', draft: 'gray',
  healthy: 'green', warning: 'yellow', critical: 'red', pass: 'green', fail: 'red',
  failed: 'red', failure: 'red', bounced: 'red', bounce: 'red', disabled: 'gray', spam_complaint: 'red', policy_rejection: 'red',
};

export function colouriser(enabled: boolean) {
  const chalk = new Chalk({ level: enabled ? 1 : 0 });
  return {
    chalk,
    status: (text: string) => {
      const colour = STATUS_COLOURS[text];
      return colour ? chalk[colour](text) : text;
    },
  };
}
