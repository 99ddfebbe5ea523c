// Outside the modules: an index is fine, a module's internals are not.
import { alphaService } from '../modules/alpha/alpha.service.ts';
import { beta } from '../modules/beta/index.ts';

export const route = () => `${alphaService()} ${beta}`;
