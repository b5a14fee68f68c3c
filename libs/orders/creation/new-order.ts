import { type InvoiceParty, type PersonName } from '@libs/persistence/entities/order.entity';
import { type UploadedDocument } from '../documents/uploaded-document';

/** Syndic extranet credentials as a client sends them (creation or refresh). */
export interface SyndicInput {
  name: string;
  username: string;
  password: string;
  url: string | null;
}

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
  syndic: SyndicInput | null;
  allDuePaid: boolean;
  externalId: string;
  testMode: boolean;
  lots: string | null;
  comment: string | null;
  callbackUrl: string | null;
  /** Documents sent with the order; stored before its workflow starts so the first collection sees them. */
  documents: UploadedDocument[];
}
