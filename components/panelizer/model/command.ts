import type { PanelizerDocument } from '@/lib/shared/panelizer/document';

/**
 * Why the editor refused an edit; each is a message under `panelizer.editor.refused.*`. A refused
 * command leaves the document as it was, so the drawing never holds what the server would reject.
 */
export type Refusal =
  | 'selfIntersecting'
  | 'openingOutside'
  | 'openingsOverlap'
  | 'tooFewPoints'
  | 'floorLineTooClose'
  | 'floorLineOrder'
  | 'tooManyFloorLines'
  | 'tooManyOutlines'
  | 'tooManyPoints'
  | 'tooManyOpenings'
  | 'sameFloorplan'
  | 'notLinked'
  | 'elevationMissing'
  | 'notFound';

export type CommandResult = { ok: true; doc: PanelizerDocument } | { ok: false; refusal: Refusal };

/** One edit: a name (shown in the undo history) and a pure step from one document to the next. */
export interface Command {
  name: string;
  perform(doc: PanelizerDocument): CommandResult;
}

export const done = (doc: PanelizerDocument): CommandResult => ({ ok: true, doc });
export const refuse = (refusal: Refusal): CommandResult => ({ ok: false, refusal });
