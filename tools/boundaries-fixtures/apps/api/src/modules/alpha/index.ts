export { alphaService } from './alpha.service.ts';
