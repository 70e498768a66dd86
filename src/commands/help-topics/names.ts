/** The help topics of `mailctl help TOPIC`: names and one-line summaries (the text is in topics.ts, loaded when asked for). */
export const HELP_TOPICS = [
  { name: 'exit-codes', summary: 'what each exit status means, for scripts and CI' },
  { name: 'environment', summary: 'environment variables, and which setting wins' },
  { name: 'formats', summary: 'table, json, ndjson and csv; --fields; stdout/stderr' },
] as const;

export type HelpTopic = (typeof HELP_TOPICS)[number]['name'];
