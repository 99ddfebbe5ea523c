// Reaches into another module's internals (forbidden) and uses its index (allowed).
import { betaInternal } from '../beta/beta-internal.ts';
import { beta } from '../beta/index.ts';

export const alphaService = () => betaInternal + beta;
