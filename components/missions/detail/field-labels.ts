/** The message key of a field's label (missions.fields.*): references show the name of what they point to. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  companyId: 'company',
  customerId: 'customer',
  subCustomerId: 'subCustomer',
  ownerId: 'owner',
  assigneeId: 'assignee',
};

export const labelKey = (field: string): string => FIELD_LABELS[field] ?? field;
