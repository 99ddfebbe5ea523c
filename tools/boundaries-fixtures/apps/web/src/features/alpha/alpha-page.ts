// Imports another feature (forbidden), its own part and lib/ (allowed).
import { betaWidget } from '../beta/beta-widget.ts';
import { alphaPart } from './alpha-part.ts';
import { shared } from '../../lib/shared.ts';

export const alphaPage = [betaWidget, alphaPart, shared].join(' ');
