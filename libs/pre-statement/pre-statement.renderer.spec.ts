import { type Doctype } from '@libs/orders/doctype';
import { defaultKind } from '@libs/orders/document-kind';
import { type PreStatementInput } from './pre-statement-input';
import { renderPreStatementPdf } from './pre-statement.renderer';
import { extractPdfText, type PdfText } from '@test/support/pdf-text';
import { buildAccountStatement, buildPreStatementInput } from '@test/support/pre-statement-input.factory';
import { notCommunicated } from '@libs/statement/statement-field';

interface RenderedPdf extends PdfText {
  bytes: Buffer;
}

async function render(overrides: Partial<PreStatementInput> = {}): Promise<RenderedPdf> {
  const bytes = await renderPreStatementPdf(buildPreStatementInput(overrides));
  return { bytes, ...(await extractPdfText(bytes)) };
}

describe('renderPreStatementPdf', () => {
  let sample: RenderedPdf;

  beforeAll(async () => {
    sample = await render();
  });

  it('produces an A4 PDF', () => {
    expect(sample.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const mediaBoxes = sample.bytes.toString('latin1').match(/\/MediaBox \[[^\]]*\]/g) ?? [];
    expect(mediaBoxes.length).toBe(sample.pages);
    for (const box of mediaBoxes) expect(box).toBe('/MediaBox [0 0 595.28 841.89]');
  });

  it('is titled "Pré-état daté" and cites article L.721-2 of the CCH', () => {
    expect(sample.text).toContain('Pré-état daté');
    expect(sample.text).toContain("article L.721-2 du Code de la construction et de l'habitation");
  });

  it('identifies the co-ownership, the lots, the sellers and the order', () => {
    for (const expected of [
      'Résidence Les Tilleuls',
      '12 rue des Lilas, 75011 Paris',
      'AB1234567',
      'Cabinet Martin Gestion',
      'du 01/01/2025 au 31/12/2025',
      'Appartement de 3 pièces, 2e étage, bâtiment A',
      'Cave n° 7 au sous-sol',
      'Jeanne DUPONT',
      "François N'DIAYE",
      'K7Q2ZP',
      'DOSSIER-2025-0042',
      '25/03/2025',
      '20/03/2025',
    ]) {
      expect(sample.text).toContain(expected);
    }
  });

  it('prints the figures of the three parts and of the financial annex in French format', () => {
    for (const expected of [
      'Partie 1 – Sommes dues par le vendeur au syndicat',
      'Partie 2 – Sommes dont le syndicat pourrait être débiteur envers le vendeur',
      "Partie 3 – Sommes qui incomberont à l'acquéreur",
      'Annexe financière',
      '1 234,56 €',
      '450,00 €',
      '12,50 €',
      '1 697,06 €', // part 1 total
      '21,99 €',
      '987,65 €',
      '2 400,00 €',
      '2 312,34 €',
      '588,10 €',
      '2 295,17 €',
      '01/01/2024 – 31/12/2024',
      '18 432,90 €',
      '7 543,21 €',
      '1 875,00 €',
      '123,45 €',
    ]) {
      expect(sample.text).toContain(expected);
    }
  });

  it('prints "non communiqué" for a value that was not obtained, never 0', async () => {
    const statement = buildAccountStatement();
    statement.syndicate.supplierDebt = notCommunicated();
    statement.coOwnership.registrationNumber = notCommunicated();
    const { text } = await render({ statement });
    expect(text).toMatch(/Dette du syndicat vis-à-vis des fournisseurs\s+non communiqué/);
    expect(text).toMatch(/Numéro d'immatriculation\s+non communiqué/);
    expect(text).not.toContain('AB1234567');
  });

  it('lists the annexes with their status, a missing one marked "manquant"', async () => {
    const documents = buildPreStatementInput().documents.filter(
      (document) => document.kind !== 'maintenance-log',
    );
    const { text } = await render({ documents });
    expect(text).toContain('Documents annexés');
    expect(text).toMatch(/Fiche synthétique\s+Fiche synthétique 2025\s+10\/02\/2025\s+fourni/);
    expect(text).toMatch(/Carnet d'entretien\s+non communiqué\s+non communiqué\s+manquant/);
    expect(text).toContain('10 documents fournis, 1 document manquant.');
  });

  it('states that the seller is up to date only when all_due_paid is true', async () => {
    const declaration = 'Le vendeur déclare être à jour de ses paiements';
    expect(sample.text).not.toContain(declaration);
    const { text } = await render({ allDuePaid: true });
    expect(text).toContain(declaration);
    expect(text).toContain('1 234,56 €'); // the figures are still shown
  });

  it('marks test-mode documents SPÉCIMEN on every page, and only those', async () => {
    expect(sample.text).not.toContain('SPÉCIMEN');
    const specimen = await render({ testMode: true, documents: manyDocuments(40) });
    expect(specimen.pages).toBeGreaterThan(1);
    const perPage = specimen.text.split(/Page \d+ \/ \d+/).slice(0, specimen.pages);
    for (const page of perPage) expect(page).toContain('SPÉCIMEN');
  });

  it('falls back to the order and prints "non communiqué" figures without a statement', async () => {
    const { text } = await render({ statement: null });
    expect(text).toContain('12 rue des Lilas, 75011 Paris');
    expect(text).toContain('Cabinet Martin');
    expect(text).toMatch(/Provisions exigibles du budget prévisionnel\s+non communiqué/);
    expect(text).not.toMatch(/\d,\d\d €/);
  });

  it('paginates a large order (60 documents, 10 owners) with "Page X / Y" footers', async () => {
    const owners = Array.from({ length: 10 }, (_, index) => ({
      firstname: `Prénom${index}`,
      lastname: `Vendeur${index}`,
    }));
    const large = await render({
      owners,
      documents: manyDocuments(60),
      comment: 'Observation. '.repeat(400),
    });
    expect(large.pages).toBeGreaterThanOrEqual(4);
    for (let page = 1; page <= large.pages; page++) {
      expect(large.text).toContain(`Page ${page} / ${large.pages}`);
    }
    for (const owner of owners)
      expect(large.text).toContain(`${owner.firstname} ${owner.lastname.toUpperCase()}`);
    expect(large.text).toContain('Document annexe 60');
    expect(large.text).toContain('Mention légale');
  });

  it('renders the same bytes for the same input', async () => {
    const input = buildPreStatementInput({ testMode: true });
    const [first, second] = await Promise.all([renderPreStatementPdf(input), renderPreStatementPdf(input)]);
    expect(first.equals(second)).toBe(true);
  });

  it('survives characters the standard PDF fonts cannot draw', async () => {
    const { text } = await render({ owners: [{ firstname: 'Thị', lastname: 'Nguyễn' }], comment: 'Note 😀' });
    expect(text).toContain('Thi NGUYEN');
    expect(text).toContain('Note ?');
  });
});

function manyDocuments(count: number): PreStatementInput['documents'] {
  return Array.from({ length: count }, (_, index) => ({
    doctype: ((index % 10) + 1) as Doctype,
    kind: defaultKind(((index % 10) + 1) as Doctype),
    title: `Document annexe ${index + 1}`,
    date: index % 4 === 0 ? null : '2024-06-12',
    pages: null,
  }));
}
