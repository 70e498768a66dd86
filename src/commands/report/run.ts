// The report is computed in src/report/run.ts; campaign check (part B) still imports it from here.
export { computeReport, reportWindow } from '../../report/run.js';
