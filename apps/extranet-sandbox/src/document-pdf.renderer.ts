import PDFDocument from 'pdfkit';
import { Doctype } from '@libs/orders/doctype';
import { pdfkitBytes } from '@libs/pre-statement/pdfkit-bytes';
import { type DocumentFixture, type SandboxCoOwnership } from './fixtures/co-ownership.fixture';

const BODY_BY_DOCTYPE: Readonly<Record<Doctype, string>> = {
  [Doctype.SummarySheet]:
    "La présente fiche synthétique regroupe les données financières et techniques essentielles de la copropriété, établies par le syndic conformément à l'article 8-2 de la loi du 10 juillet 1965.",
  [Doctype.Minutes]:
    "L'assemblée générale des copropriétaires, régulièrement convoquée, a approuvé les comptes de l'exercice écoulé, voté le budget prévisionnel et statué sur les travaux inscrits à l'ordre du jour.",
  [Doctype.CoOwnershipRules]:
    'Le présent règlement détermine la destination des parties privatives et communes, les conditions de leur jouissance et la répartition des charges entre les lots.',
  [Doctype.Diagnostic]:
    "Le diagnostic technique global présente l'état apparent des parties communes, la situation de l'immeuble au regard de ses obligations et une évaluation sommaire des travaux à prévoir sur dix ans.",
  [Doctype.AsbestosDiagnostic]:
    "Le dossier technique amiante recense les matériaux et produits contenant de l'amiante dans les parties communes et précise les consignes de sécurité applicables.",
  [Doctype.LeadDiagnostic]:
    "Le constat de risque d'exposition au plomb mesure la concentration en plomb des revêtements des parties communes.",
  [Doctype.MaintenanceLog]:
    "Le carnet d'entretien retrace les travaux importants réalisés dans l'immeuble, les contrats d'entretien et de maintenance en cours et l'échéancier des travaux votés.",
  [Doctype.Plans]: "Plans de l'immeuble établis par l'architecte, annexés à l'état descriptif de division.",
  [Doctype.Registration]:
    "Le teneur du registre national d'immatriculation des copropriétés atteste de l'immatriculation du syndicat des copropriétaires.",
  [Doctype.Other]: 'Document communiqué par le syndic aux copropriétaires.',
};

const FRENCH_LONG_DATE = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' });

/** A small but real PDF for one extranet document, so downstream code handles genuine files. */
export function renderDocumentPdf(
  coOwnership: SandboxCoOwnership,
  document: DocumentFixture,
): Promise<Buffer> {
  const date = new Date(`${document.date}T00:00:00Z`);
  // Dates pinned to the document's own so the same fixture always yields the same bytes.
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: document.title,
      Author: coOwnership.syndicName,
      Subject: coOwnership.name,
      CreationDate: date,
      ModDate: date,
    },
  });
  const done = pdfkitBytes(pdf);

  pdf
    .fontSize(9)
    .fillColor('#666666')
    .text('Extranet de démonstration – document fictif', { align: 'right' });
  pdf.moveDown(2);
  pdf.fontSize(18).fillColor('#000000').font('Helvetica-Bold').text(document.title);
  pdf.moveDown(0.5);
  pdf
    .fontSize(11)
    .font('Helvetica')
    .text(`Date du document : ${FRENCH_LONG_DATE.format(date)}`);
  pdf.moveDown();
  pdf.text(`Copropriété : ${coOwnership.name}`);
  pdf.text(`${coOwnership.address}, ${coOwnership.zipcode} ${coOwnership.city}`);
  if (coOwnership.registrationNumber !== null) {
    pdf.text(`Numéro d'immatriculation : ${coOwnership.registrationNumber}`);
  }
  pdf.text(`Syndic : ${coOwnership.syndicName}`);
  pdf.moveDown(2);
  pdf.text(BODY_BY_DOCTYPE[document.doctype], { align: 'justify' });
  pdf.end();
  return done;
}
