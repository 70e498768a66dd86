export { default as spec } from './run.js';
