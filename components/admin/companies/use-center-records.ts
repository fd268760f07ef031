'use client';

import { useState } from 'react';
import { useNotify } from '@/components/platform/notifications';
import { companies } from '@/lib/client/api/companies';
import { customers } from '@/lib/client/api/customers';
import { refusalOf, type Refusal } from './center-errors';
import { isVersionConflict } from './server-errors';

interface Record {
  id: number;
  name: string;
  version: number;
}

type Write = (args: { params?: { id: number }; body?: unknown }) => Promise<unknown>;

/** The two centers' write endpoints (the same REST shape). */
const CENTERS: { [center in 'companies' | 'customers']: { create: Write; update: Write; remove: Write } } = {
  companies: { create: companies.createCompany as Write, update: companies.updateCompany as Write, remove: companies.deleteCompany as Write },
  customers: { create: customers.createCustomer as Write, update: customers.updateCustomer as Write, remove: customers.deleteCustomer as Write },
};

export type Editing<Row> = { mode: 'create' } | { mode: 'edit'; row: Row } | null;

export interface CenterTexts<Row, Saved> {
  created: (saved: Saved) => string;
  updated: (saved: Saved) => string;
  deleted: (row: Row) => string;
  createFailed: string;
  updateFailed: string;
  deleteFailed: string;
  versionConflict: string;
  /** The refusal shown in the delete dialog, or null when the refusal is not one the center explains. */
  refusal: (refused: Refusal) => string | null;
}

/**
 * Create, edit and delete of the company and customer centers: the same REST shape
 * (POST base, PUT and DELETE base/{id} with `version`), notifications and delete refusals.
 * `toUpdate` drops what an edit may not send.
 */
export function useCenterRecords<Row extends Record, Values extends object, Saved extends { name: string }>(options: {
  center: keyof typeof CENTERS;
  texts: CenterTexts<Row, Saved>;
  refresh: () => void;
  toUpdate?: (values: Values) => object;
}) {
  const { texts, refresh, toUpdate = (values) => values } = options;
  const api = CENTERS[options.center];
  const notify = useNotify();
  const [editing, setEditing] = useState<Editing<Row>>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [deletePending, setDeletePending] = useState(false);

  const save = async (values: Values) => {
    if (editing?.mode === 'edit') {
      const saved = (await api.update({ params: { id: editing.row.id }, body: { ...toUpdate(values), version: editing.row.version } })) as Saved;
      notify({ type: 'success', text: texts.updated(saved) });
    } else {
      const saved = (await api.create({ body: values })) as Saved;
      notify({ type: 'success', text: texts.created(saved) });
    }
    setEditing(null);
    refresh();
  };

  const failureText = (err: unknown) =>
    isVersionConflict(err) ? texts.versionConflict : editing?.mode === 'edit' ? texts.updateFailed : texts.createFailed;

  const startDelete = (row: Row) => {
    setRefusal(null);
    setDeleting(row);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeletePending(true);
    try {
      await api.remove({ params: { id: deleting.id } });
      notify({ type: 'success', text: texts.deleted(deleting) });
      setDeleting(null);
      refresh();
    } catch (err) {
      const refused = refusalOf(err);
      const explained = refused && texts.refusal(refused);
      if (explained) setRefusal(explained);
      else notify({ type: 'error', text: texts.deleteFailed });
    } finally {
      setDeletePending(false);
    }
  };

  return { editing, setEditing, deleting, setDeleting, startDelete, refusal, deletePending, save, failureText, confirmDelete };
}
