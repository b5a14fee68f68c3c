import { type InvoiceParty, type PersonName } from '../persistence/entities/order.entity';

/** A validated order creation request (the API's DTO, after validation and normalisation). */
export interface NewOrder {
  email: string | null;
  address: string;
  additional: string;
  city: string;
  zipcode: string;
  owners: PersonName[];
  invoice: InvoiceParty;
  method: 'extranet' | 'upload';
  syndic: { name: string; username: string; password: string; url: string | null } | null;
  allDuePaid: boolean;
  externalId: string;
  testMode: boolean;
  lots: string | null;
  comment: string | null;
  callbackUrl: string | null;
}
