import { Chalk } from 'chalk';

// Colour for terminal tables: a status word in the colour people expect; off in pipes and with --no-color.

const STATUS_COLOURS: Record<string, 'green' | 'yellow' | 'red' | 'cyan' | 'gray' | 'blue'> = {
  sent: 'green', delivered: 'green', success: 'green', enabled: 'green', subscribed: 'green', delivery: 'green',
  scheduled: 'cyan', sending: 'blue', preparing: 'blue', in_review: 'yellow', draft: 'gray',
  healthy: 'green', warning: 'yellow', critical: 'red', pass: 'green', fail: 'red', rising: 'yellow', falling: 'cyan', new: 'blue',
  failed: 'red', failure: 'red', bounced: 'red', bounce: 'red', disabled: 'gray', spam_complaint: 'red', policy_rejection: 'red',
};

export function colouriser(enabled: boolean) {
  const chalk = new Chalk({ level: enabled ? 1 : 0 });
  return {
    chalk,
    status: (text: string) => {
      // a cell that ends in a status word ("+0.90 rising") takes its colour
      const colour = STATUS_COLOURS[text] ?? STATUS_COLOURS[text.slice(text.lastIndexOf(' ') + 1)];
      return colour ? chalk[colour](text) : text;
    },
  };
}
