/* The print view's status history (spec §2): built on the server from the audit trail, shown by the print view. */

/** What a status-history line says changed. */
export interface StatusChange {
  field: 'status' | 'step';
  from: string | null;
  to: string;
}

export interface StatusHistoryEntry {
  id: number;
  at: string;
  actorName: string | null;
  /** create, update, close, reopen, hide, show, hold, resume, restore. */
  action: string;
  changes: StatusChange[];
}
