/** Small projection chains (a family's chain for finite state projection) that growth tests share. */
import type { Chain } from '../../src/ctmc/solve-chain.ts';
import { familyChain } from '../../src/ctmc/truncation/truncation-search.ts';
import { heteroPs } from '../../models/hetero-ps.ts';
import { jsqD } from '../../models/jsq-d.ts';

/** [label, chain maker]: jsq-d N = 3 (lumped, digits as features) and hetero-ps 2,1 (its own mass features). */
export const smallProjectionChains: [string, () => Chain][] = [
  ['jsq-d N=3 d=2', () => familyChain(jsqD, jsqD.truncation!.projection!(jsqD.parse({ N: '3', d: '2', lambda: '9/10' })))],
  [
    'hetero-ps 2,1 rates 2,1 sq2',
    () => familyChain(heteroPs, heteroPs.truncation!.projection!(heteroPs.parse({ servers: '2,1', rates: '2,1', lambda: '2', policy: 'sq2' }))),
  ],
];
