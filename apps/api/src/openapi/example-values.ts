/**
 * Values the examples of several routes share, so that the document tells one story: the account
 * etude@example.fr orders K7Q2ZP, whose first notification is NOTIFICATION_ID.
 */
export const EXAMPLE_ACCOUNT_EMAIL = 'etude@example.fr';
export const EXAMPLE_ORDER_ID = 'K7Q2ZP';
export const EXAMPLE_NOTIFICATION_ID = '0b8e6a52-3f0a-4c5e-9f61-2d6a1c7e9b10';
export const EXAMPLE_SYNDIC = { name: 'Foncia', username: 'marie.dupont', password: 'mot-de-passe-extranet' };

/** The smallest valid PDF accepted by the upload checks (header, one empty page, trailer, %%EOF). */
export const EXAMPLE_PDF_BASE64 = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');
