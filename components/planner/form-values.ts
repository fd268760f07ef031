/**
 * What the new-mission form holds while the user types: strings as the inputs give them (an empty
 * input is "not set", spec §5), lists for the multi-choices. Kept in the local draft as is.
 */
export interface MissionFormValues {
  name: string;
  companyId: string;
  customerId: string;
  subCustomerId: string;
  internalReference: string;
  customerReference: string;
  orderConfirmationNumber: string;
  ownerId: string;
  assigneeId: string;
  tagIds: string[];
  priority: string;
  products: string[];
  additionalProducts: string[];
  /** `<input type="datetime-local">` values (browser wall time). */
  scanAppointment: string;
  startFromOffice: string;
  /** 'YYYY-MM-DD'. */
  pclDeliveryDate: string;
  cadDeliveryDate: string;
  deliveryDate: string;
  externalDeliveryDate: string;
  description: string;
}

export const EMPTY_FORM: MissionFormValues = {
  name: '',
  companyId: '',
  customerId: '',
  subCustomerId: '',
  internalReference: '',
  customerReference: '',
  orderConfirmationNumber: '',
  ownerId: '',
  assigneeId: '',
  tagIds: [],
  priority: 'normal',
  products: [],
  additionalProducts: [],
  scanAppointment: '',
  startFromOffice: '',
  pclDeliveryDate: '',
  cadDeliveryDate: '',
  deliveryDate: '',
  externalDeliveryDate: '',
  description: '',
};

export type FormField = keyof MissionFormValues | 'buildings';
