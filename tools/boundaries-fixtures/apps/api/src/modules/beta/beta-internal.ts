// Uses alpha through its index (allowed on its own), which closes the loop alpha → beta → alpha.
import { alphaService } from '../alpha/index.ts';

export const betaInternal = typeof alphaService;
