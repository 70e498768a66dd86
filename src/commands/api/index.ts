export { default as spec } from './request.js';
