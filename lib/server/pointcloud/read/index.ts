export { openPotreeCloud, readPotreeNodes, clearPotreeCaches, type PotreeCloud } from './cloud';
export type { DecodedNode } from './decode';
export { allNodes, type Box3, type PotreeNode } from './hierarchy';
export { tightBounds, type PotreeMetadata } from './metadata';
