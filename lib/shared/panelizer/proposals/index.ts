/** Proposals the user accepts, edits or rejects (issue 19 point 7): pure, for the browser and the bench. */
export { proposeFloorLines } from './floor-lines';
export { proposeOutline } from './outline';
export { proposeOpenings, type ProposedOpening } from './openings';
