/*
 * The picker rows as the browser sees them. Type-only imports: the schemas module brings zod,
 * which must stay out of the browser bundle.
 */
export type { CompanyItem, CustomerItem, UserItem } from '@/lib/shared/schemas/pickers';

export interface TagItem {
  id: number;
  name: string;
  color: string | null;
}
