import fc from 'fast-check';
import { Doctype } from '@libs/orders/doctype';
import { defaultKind } from '@libs/orders/document-kind';
import { confirmed, notCommunicated, valueOf } from '@libs/statement/statement-field';
import { type PreStatementInput } from './pre-statement-input';
import { MAX_SHARED_WORD_CHARACTERS, sharedWordLayoutSizes } from './pdf-fonts';
import { renderPreStatementPdf } from './pre-statement.renderer';
import { extractPdfText, type PdfText } from '@test/support/pdf-text';
import { headingEndingPage } from '@test/support/pre-statement-layout';
import {
  annex,
  buildAccountStatement,
  buildAnnexes,
  buildPreStatementInput,
} from '@test/support/pre-statement-input.factory';

interface RenderedPdf extends PdfText {
  bytes: Buffer;
}

async function render(overrides: Partial<PreStatementInput> = {}): Promise<RenderedPdf> {
  const bytes = await renderPreStatementPdf(buildPreStatementInput(overrides));
  return { bytes, ...(await extractPdfText(bytes)) };
}

/** Whitespace-tolerant: pdf-parse separates table cells by tabs or line breaks. */
function expectText(text: string, ...parts: string[]): void {
  const pattern = parts
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('\\s+');
  expect(text).toMatch(new RegExp(pattern));
}

describe('renderPreStatementPdf', () => {
  let sample: RenderedPdf;

  beforeAll(async () => {
    sample = await render();
  });

  it('produces an A4 PDF titled "Pré-état daté" citing article L.721-2 of the CCH', () => {
    expect(sample.bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const mediaBoxes = sample.bytes.toString('latin1').match(/\/MediaBox \[[^\]]*\]/g) ?? [];
    expect(mediaBoxes.length).toBe(sample.pages);
    for (const box of mediaBoxes) expect(box).toBe('/MediaBox [0 0 595.28 841.89]');
    expect(sample.text).toContain('Pré-état daté');
    expect(sample.text).toContain("article L.721-2 du Code de la construction et de l'habitation");
  });

  it('item 1: annexes a notice d’information on the co-owners’ rights and the syndicate’s bodies, citing the texts', () => {
    expect(sample.text).toContain("Annexe – Notice d'information");
    for (const expected of [
      "l'article L.721-2 4° du Code de la construction et de l'habitation",
      'loi n° 65-557 du 10 juillet 1965',
      'décret n° 67-223 du 17 mars 1967',
      'Droits et obligations du copropriétaire',
      'Le syndicat des copropriétaires et l’assemblée générale',
      'Le syndic et le conseil syndical',
      'article 42 de la loi',
      'article L.721-3 du CCH',
    ]) {
      expect(sample.text.replace(/\s+/g, ' ')).toContain(expected);
    }
    expectText(sample.text, "Notice d'information", 'fourni', 'jointe en fin du présent document');
  });

  it('item 2: states the works plan adopted, its project, or "sans objet" for a building under 15 years', async () => {
    expectText(
      sample.text,
      'Plan pluriannuel de travaux (PPT)',
      'fourni',
      'adopté par l’AG du 12/06/2024 – annexe n° 9',
    );

    const project = buildAccountStatement();
    project.building.worksPlan = confirmed({ state: 'project', date: '2024-11-05' });
    const withProject = await render({
      statement: project,
      documents: [
        ...buildAnnexes().filter((document) => document.kind !== 'works-plan'),
        annex(Doctype.Diagnostic, 'works-plan-project', 'Projet de PPT', '2024-11-05'),
      ],
    });
    expectText(
      withProject.text,
      'Plan pluriannuel de travaux (PPT)',
      'fourni',
      'projet du 05/11/2024, non encore adopté',
    );

    const recent = buildAccountStatement();
    recent.building.completionYear = confirmed(2016);
    recent.building.worksPlan = confirmed({ state: 'none', date: null });
    const { text } = await render({
      statement: recent,
      documents: buildAnnexes().filter((document) => document.kind !== 'works-plan'),
    });
    expectText(
      text,
      'Plan pluriannuel de travaux (PPT)',
      'sans objet',
      'immeuble achevé en 2016, de moins de 15 ans',
    );
  });

  it('item 3: tells a DTG, DTA, CREP or plans that do not exist from ones not obtained, which alone are "manquant"', async () => {
    // The sample has no DTA: not declared absent, so it is missing.
    expectText(sample.text, 'Dossier technique amiante des parties communes (DTA)', 'manquant');
    expect(sample.pageTexts[0]).toContain('Dossier technique amiante des parties communes (DTA)');

    const statement = buildAccountStatement({ documentsNotExisting: confirmed(['dtg', 'dta', 'plans']) });
    const { text, pageTexts } = await render({
      statement,
      documents: buildAnnexes().filter((document) => !['dtg', 'plans'].includes(document.kind ?? '')),
    });
    for (const document of [
      'Diagnostic technique global (DTG)',
      'Dossier technique amiante des parties communes (DTA)',
      "Plans de l'immeuble",
    ]) {
      expectText(text, document, 'inexistant', 'le syndic déclare qu’il n’en existe pas');
      expect(pageTexts[0]).not.toContain(document);
    }
    expect(text).toContain('0 document manquant.');
    expect(pageTexts[0]).toContain('Dossier complet');
  });

  it('item 4: checks the minutes of the last three years by date, and the EDD and modifying acts beside the règlement', async () => {
    expectText(sample.text, 'Procès-verbal de l’AG du 12/06/2024', 'fourni', 'annexe n° 4');
    expectText(sample.text, 'État descriptif de division', 'fourni', 'annexe n° 2');
    expectText(sample.text, 'Actes modificatifs publiés', 'fourni', 'annexe n° 3');

    const statement = buildAccountStatement({
      rulesAmendments: confirmed([
        { date: '1998-11-04', title: 'Modificatif' },
        { date: '2005-02-01', title: 'Second modificatif' },
      ]),
    });
    const { text, pageTexts } = await render({
      statement,
      documents: buildAnnexes().filter((document) => document.title !== 'PV AG du 15 juin 2023'),
    });
    expectText(text, 'Procès-verbal de l’AG du 15/06/2023', 'manquant');
    expectText(text, 'Actes modificatifs publiés', 'manquant', 'acte du 01/02/2005 non obtenu');
    expect(pageTexts[0]).toContain('Procès-verbal de l’AG du 15/06/2023');

    // Without the syndic's list of meetings, each of the three years must have minutes.
    const undated = await render({
      statement: buildAccountStatement({
        generalMeetings: { last: notCommunicated(), next: notCommunicated(), held: notCommunicated() },
      }),
      documents: buildAnnexes().filter((document) => document.title !== 'PV AG du 9 juin 2022'),
    });
    expectText(undated.text, 'Procès-verbal d’AG (21/03/2022 – 20/03/2023)', 'manquant');
  });

  it('items 3 and 4: a règlement or a diagnostic whose kind nobody said proves nothing it may not be', async () => {
    const unsaid = buildAnnexes().map((document) =>
      document.kind === 'rules-and-division' || document.kind === 'dtg'
        ? { ...document, kind: null, title: document.kind === 'dtg' ? 'DPE collectif' : document.title }
        : document,
    );
    const { text, pageTexts } = await render({
      documents: unsaid,
      statement: buildAccountStatement({ documentsNotExisting: confirmed(['dta']) }),
    });
    const first = pageTexts[0].replace(/\s+/g, ' ');
    expect(first).toContain('Dossier à vérifier');
    expect(first).toContain('À vérifier (non établi au vu des documents obtenus) :');
    expect(first).toContain('• État descriptif de division (non établi au vu des documents');
    expect(first).toContain('• Diagnostic technique global (DTG) (non établi au vu des documents');
    expect(first).toContain('Si l’un de ces documents n’a pas été communiqué à l’acquéreur');
    expect(first).not.toContain('Dossier incomplet');
    expect(first).not.toContain('Éléments manquants');
    expectText(text, 'Règlement de copropriété', 'fourni', 'annexe n° 2');
    expectText(text, 'État descriptif de division', 'à vérifier', 'non établi au vu des documents');
    expectText(
      text,
      'Diagnostic technique global (DTG)',
      'à vérifier',
      'non établi au vu des documents : annexe n° 8, diagnostic de nature non précisée',
    );
    expect(text).not.toMatch(/Diagnostic technique global \(DTG\)\s+fourni/);
    expectText(text, '8', 'Diagnostic (nature non précisée)', 'DPE collectif');
    expectText(text, '11 documents fournis, 0 document manquant, 2 à vérifier.');
  });

  it('item 5: dates the financial figures; a missing fiscal year stays as "non communiqué"; the works fund with its date', async () => {
    expectText(sample.text, '01/01/2024 – 31/12/2024', '2 400,00 €', '2 312,34 €', '600,00 €', '588,10 €');
    expectText(
      sample.text,
      'Impayés de charges au sein du syndicat (au 31/12/2023, clôture du dernier exercice approuvé)',
    );
    expectText(
      sample.text,
      'Quote-part du fonds de travaux attachée aux lots vendus',
      'comptes du syndicat',
      '1 875,00 €',
    );
    expectText(
      sample.text,
      'Dernière cotisation au fonds de travaux versée par le vendeur',
      'compte du vendeur',
      '123,45 €',
    );
    expectText(sample.text, 'Date de cette cotisation', 'compte du vendeur', '01/01/2025');

    const statement = buildAccountStatement();
    if (statement.chargesHistory.status === 'confirmed') statement.chargesHistory.value.splice(1, 1);
    statement.worksFund.exists = confirmed(false);
    const { text } = await render({ statement });
    expectText(
      text,
      '01/01/2023 – 31/12/2023',
      'non communiqué',
      'non communiqué',
      'non communiqué',
      'non communiqué',
    );
    expectText(
      text,
      'Quote-part du fonds de travaux attachée aux lots vendus',
      'comptes du syndicat',
      'sans objet',
    );
  });

  it('item 6: splits the parts as the décret does, hors-budget provisions apart, article 33, avances and article 19-2', () => {
    expectText(
      sample.text,
      'b) Provisions non encore exigibles du budget prévisionnel',
      'compte du vendeur',
      '987,65 €',
    );
    expectText(sample.text, 'c) Provisions non encore exigibles des dépenses hors budget');
    expectText(sample.text, '301,20 €');
    expectText(
      sample.text,
      'd) Sommes devenues exigibles du fait de la vente (article 33 de la loi du 10 juillet 1965)',
    );
    expectText(sample.text, 'e) Avances exigibles');
    const part2 = sample.text.slice(sample.text.indexOf('Partie 2'), sample.text.indexOf('Partie 3'));
    expect(part2.replace(/\s+/g, ' ')).toContain(
      'rendues exigibles par anticipation (article 19-2 de la loi du 10 juillet 1965)',
    );
  });

  it('item 7: lists the calls of the year with their due dates, the seller’s and the buyer’s', () => {
    expectText(sample.text, 'Appels de fonds de l’exercice en cours');
    expectText(sample.text, '01/01/2025', '569,25 €', '150,00 €', '719,25 €', 'vendeur (échu)');
    expectText(sample.text, '01/04/2025', '569,26 €', '150,00 €', '719,26 €', 'acquéreur (à échoir)');
    expectText(sample.text, 'Appels échus (vendeur)', '719,25 €');
    expectText(sample.text, 'Appels à échoir (acquéreur)', '2 159,01 €');
    expect(sample.text.replace(/\s+/g, ' ')).toContain('au prorata temporis');
    expect(sample.text.replace(/\s+/g, ' ')).toContain(
      'Dates : relevé de compte du 20/03/2025 (parties 1 à 3), présent document du 25/03/2025.',
    );
  });

  it('item 8: a total that leaves out an unknown amount or a lot says so; each figure names its source', async () => {
    expectText(
      sample.text,
      'a) Provisions exigibles du budget prévisionnel',
      'compte du vendeur',
      '1 234,56 €',
    );
    expectText(sample.text, 'Total', '1 697,06 €');
    // Page 1's figures, the lots, the charges, the calls, the voted works and the loans name theirs too.
    const first = sample.pageTexts[0].replace(/\s+/g, ' ');
    expect(first).toContain(
      'Solde du compte du vendeur au 20/03/2025 1 697,06 € dus au syndicat compte du vendeur',
    );
    expect(first).toContain('Travaux votés restant à appeler (part des lots) 4 054,40 € comptes du syndicat');
    expect(first).toContain('Fonds de travaux (part des lots) 1 875,00 € comptes du syndicat');
    const fromSyndicate =
      'Source : comptes du syndicat (montants de l’immeuble, part des lots d’après leurs tantièmes).';
    expectText(sample.text, 'diagnostics).', fromSyndicate);
    expectText(sample.text, '(article L.721-2 2° a du CCH).', 'Source : compte du vendeur.');
    expectText(sample.text, 'Part des lots vendus (source : compte du vendeur).');
    expectText(sample.text, '4 054,40 €', fromSyndicate);
    expectText(sample.text, '31/12/2034', fromSyndicate);

    const statement = buildAccountStatement();
    statement.sellerOwes.otherSumsDue = notCommunicated();
    const { text, pageTexts } = await render({ statement, lotsRequested: ['12', '47', '99'] });
    expectText(text, 'Total des montants connus', '1 684,56 €');
    expectText(text, "Total partiel : il n'inclut pas « Autres sommes dues au syndicat » (non communiqué).");
    expectText(text, 'Les sommes du lot 99, absent du compte du vendeur, ne sont pas comprises.');
    expectText(text, '99', 'absent du compte du vendeur');
    expect(pageTexts[0].replace(/\s+/g, ' ')).toContain('Lot 99 absent du compte du vendeur');
  });

  it('item 8: flags a seller’s declaration of being up to date that the figures contradict', async () => {
    const contradicted = await render({ allDuePaid: true });
    expect(contradicted.text.replace(/\s+/g, ' ')).toContain(
      'Le vendeur se déclare à jour de ses paiements (all_due_paid), mais son compte fait apparaître 1 697,06 € dus',
    );
    expect(contradicted.text).not.toContain('le confirment');

    const upToDate = buildAccountStatement();
    for (const key of Object.keys(upToDate.sellerOwes) as (keyof typeof upToDate.sellerOwes)[]) {
      upToDate.sellerOwes[key] = confirmed(0);
    }
    const confirmedDeclaration = await render({ allDuePaid: true, statement: upToDate });
    expect(confirmedDeclaration.text.replace(/\s+/g, ' ')).toContain('relevés sur son compte, le confirment');
    expect(sample.text).not.toContain('Le vendeur déclare être à jour');
  });

  it('item 9: prints no internal comment, and "aucune" (not "non communiqué") for an absent client reference', async () => {
    const order = { ...buildPreStatementInput({ externalId: '' }), comment: 'Note interne : client pressé' };
    const bytes = await renderPreStatementPdf(order as PreStatementInput);
    const { text } = await extractPdfText(bytes);
    expect(text).not.toContain('Note interne');
    expect(text).not.toContain('Observations');
    expectText(text, 'Référence client', 'aucune');
  });

  it('item 10: prints every name exactly as given, with an embedded Unicode font', async () => {
    const { text, bytes } = await render({
      owners: [
        { firstname: 'Thị Lan', lastname: 'Nguyễn' },
        { firstname: 'Łukasz', lastname: 'Wiśniewski' },
        { firstname: 'Ærøskøbing', lastname: 'Śrīnivāsan' },
      ],
    });
    expect(text).toContain('Thị Lan NGUYỄN');
    expect(text).toContain('Łukasz WIŚNIEWSKI');
    expect(text).toContain('Ærøskøbing ŚRĪNIVĀSAN');
    expect(bytes.toString('latin1')).toContain('DejaVuSansCondensed');
    expect(bytes.toString('latin1')).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('item 11: opens on a page for the notary: completeness and its legal effect, key figures, alerts', async () => {
    const first = sample.pageTexts[0].replace(/\s+/g, ' ');
    for (const expected of [
      'Synthèse pour le notaire',
      'Dossier incomplet',
      'Dossier technique amiante des parties communes (DTA)',
      'son délai de rétractation ne court pas',
      'article L.721-3 du CCH',
      'Solde du compte du vendeur au 20/03/2025 1 697,06 € dus au syndicat',
      'Charges courantes des lots (budget) 569,25 € par trimestre (2 277,00 € par an)',
      'Travaux votés restant à appeler (part des lots) 4 054,40 €',
      'Procédures en cours 1 procédure',
      'Fonds de travaux (part des lots) 1 875,00 €',
      "Vendeur débiteur envers le syndicat : 1 697,06 € d'arriérés (partie 1, hors article 33).",
    ]) {
      expect(first).toContain(expected);
    }
    const statement = buildAccountStatement();
    statement.syndicate.unpaidCharges = confirmed(2_400_000);
    statement.building.safeguardPlan = confirmed(true);
    statement.building.perilOrder = confirmed(true);
    const { pageTexts } = await render({ statement });
    const alerted = pageTexts[0].replace(/\s+/g, ' ');
    expect(alerted).toContain(
      "Impayés de charges du syndicat : 26,7 % du budget voté (seuil d'alerte : 25 %), au 31/12/2023.",
    );
    expect(alerted).toContain("• L'immeuble fait l'objet d'un plan de sauvegarde.");
    expect(alerted).toContain("• L'immeuble fait l'objet d'un arrêté de péril ou de mise en sécurité.");
  });

  it('item 11: says "Dossier complet" only of a document that prints no "non communiqué"', async () => {
    const complete = buildAccountStatement({ documentsNotExisting: confirmed(['dta']) });
    const whole = await render({ statement: complete });
    expect(whole.pageTexts[0]).toContain('Dossier complet');
    expect(whole.text).not.toMatch(/non\s+communiqu/i);

    const statement = buildAccountStatement({ documentsNotExisting: confirmed(['dta']) });
    statement.sellerBalance = notCommunicated();
    statement.lots[0].shares = notCommunicated();
    const { text, pageTexts } = await render({ statement });
    const first = pageTexts[0].replace(/\s+/g, ' ');
    expect(first).toContain(
      'Dossier incomplet Éléments manquants : • 2 mentions « non communiqué » (détail ci-après)',
    );
    expect(first).toContain('Solde du compte du vendeur au 20/03/2025 non communiqué');
    expectText(text, '12', 'Appartement de 3 pièces, 2e étage, bâtiment A', 'principal', 'non communiqué');
  });

  it('item 12: describes each lot: tantièmes over the total, nature, share of charges and of the works fund', () => {
    expectText(
      sample.text,
      '12',
      'Appartement de 3 pièces, 2e étage, bâtiment A',
      'principal',
      '245 / 10000',
      '2 205,00 €',
      '1 037,75 €',
    );
    expectText(sample.text, '47', 'Cave n° 7 au sous-sol', 'annexe', '8 / 10000', '72,00 €', '33,89 €');
  });

  it('item 13: shows voted works, loans, procedures, the syndic, the meetings, the building and the issuer', () => {
    expectText(
      sample.text,
      'Résolution 12 : ravalement des façades sur rue',
      '12/06/2024',
      '240 000,00 €',
      '6 081,60 €',
      '2 027,20 €',
      '4 054,40 €',
    );
    expectText(
      sample.text,
      'Financement du ravalement',
      'Banque Populaire Rives de Paris',
      '120 000,00 €',
      '2 893,10 €',
      '31/12/2034',
    );
    expectText(sample.text, 'Recouvrement de charges', 'Copropriétaire du lot 31');
    expectText(sample.text, 'Syndic', 'Cabinet Martin Gestion');
    expectText(sample.text, 'Téléphone et courriel', '01 43 55 66 77 – gestion@cabinet-martin.example');
    expectText(sample.text, 'Fin du mandat du syndic', '30/06/2026');
    expectText(sample.text, 'Dernière assemblée générale', '12/06/2024');
    expectText(sample.text, 'Prochaine assemblée générale', '17/06/2025');
    expectText(sample.text, 'Construction (achèvement)', '1962 (années 1960)');
    expectText(sample.text, 'Nombre de lots', '48');
    expectText(sample.text, 'Chauffage', 'collectif au gaz');
    expectText(sample.text, 'Ascenseur', 'oui');
    expectText(sample.text, 'DPE collectif', 'classe D, établi le 11/05/2023');
    expectText(sample.text, 'Plan de sauvegarde', 'non');
    expectText(sample.text, 'Document établi par', 'Service de commande de pré-états datés');
  });

  it('item 14: numbers the annexes with their page counts, as the dossier joins them', async () => {
    const { text } = await render({
      documents: buildAnnexes().map((document, index) => ({ ...document, pages: index + 2 })),
    });
    expectText(text, '1', 'Fiche synthétique', 'Fiche synthétique 2025', '10/02/2025', '2');
    expectText(text, '11', 'Plans', 'Plans des parties communes', '30/09/1961', '12');
    const unreadable = await render({
      documents: [{ ...annex(Doctype.Plans, 'plans', 'Plan abîmé', '2001-01-01'), pages: 0 }],
    });
    expectText(unreadable.text, 'Plan abîmé', '01/01/2001', 'illisible');
  });

  it('item 16: one footer line whatever the name, the legal notice never alone, no page left mostly blank', async () => {
    const statement = buildAccountStatement();
    statement.coOwnership.name = confirmed(`Résidence ${'des Très Longs Noms de Copropriété '.repeat(6)}`);
    const long = await render({ statement, testMode: true, documents: manyDocuments(40) });
    for (let page = 1; page <= long.pages; page++) {
      expect(long.text).toMatch(
        new RegExp(`Résidence des Très Longs[^\\n]*…\\s*Page ${page} / ${long.pages}`),
      );
    }
    // The legal notice closes the notary's page, with the summary.
    expect(sample.pageTexts[0]).toContain('Mention légale');
    for (const rendered of [sample, long]) {
      rendered.pageTexts.slice(0, -1).forEach((page) => expect(page.length).toBeGreaterThan(1200));
    }
  });

  it('item 16: cuts the longest property label a statement may give to one footer line in little time', async () => {
    // Without a name the label is the address, each part up to 1,000 characters; cut one character at
    // a time, this one held the worker past Jest's 5 s time-out on the first page.
    const statement = buildAccountStatement();
    statement.coOwnership.name = notCommunicated();
    statement.coOwnership.address = confirmed(`Résidence${'Ω'.repeat(991)}`);
    statement.coOwnership.city = confirmed('Ω'.repeat(1000));
    const started = Date.now();
    const rendered = await render({ statement });
    const elapsed = Date.now() - started;
    const footer = rendered.pageTexts[0]!.match(/RésidenceΩ+…/)?.[0];
    expect(footer?.length).toBeGreaterThan(30);
    expect(footer!.length).toBeLessThan(200);
    expect(elapsed).toBeLessThan(5000);
  });

  it('keeps what documents share within its bound, whatever an order’s names', async () => {
    // A word wider than its column is measured in many slices: an order of long unbroken names left
    // 33,656 characters of them (5.3 MB) in the shared cache, and some 66 such orders ran the worker
    // out of heap.
    const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
    const letters = (length: number) =>
      fc.sample(fc.string({ unit: letter, minLength: length, maxLength: length }), 1)[0]!;
    const hostile = () =>
      buildPreStatementInput({
        testMode: true,
        externalId: letters(255),
        property: { address: letters(500), additional: letters(500), zipcode: '75011', city: letters(200) },
        owners: Array.from({ length: 10 }, () => ({ firstname: letters(200), lastname: letters(200) })),
        syndicName: letters(255),
        documents: [],
      });
    const owner = hostile();
    const rendered = await extractPdfText(await renderPreStatementPdf(owner));
    for (let document = 0; document < 5; document++) {
      await renderPreStatementPdf(hostile());
      for (const size of Object.values(sharedWordLayoutSizes())) {
        expect(size).toBeLessThanOrEqual(MAX_SHARED_WORD_CHARACTERS);
      }
    }
    // Printed whole, wrapped where the column ends (pdf-parse breaks the lines).
    const printed = rendered.text.replace(/\s/g, '');
    expect(printed.includes(owner.owners[0]!.lastname.toUpperCase())).toBe(true);
    expect(printed.includes(owner.property.address)).toBe(true);
  });

  it('item 16: no page ends with a heading, its content left to the next page', async () => {
    // Two loans with long purposes leave the heading "Procédures en cours" room for one line only.
    const statement = buildAccountStatement({ procedures: confirmed([]) });
    const [loan] = valueOf(statement.loans)!;
    const purpose = confirmed('Financement du ravalement des façades et de la réfection des toitures (2024)');
    statement.loans = confirmed([
      { ...loan, purpose },
      { ...loan, purpose },
    ]);
    const tight = await render({ statement });
    // Six monthly calls leave the section "Travaux votés, emprunts et procédures" room for its heading only.
    const monthly = buildAccountStatement();
    const [call] = valueOf(monthly.callsForFunds)!;
    monthly.callsForFunds = confirmed(
      [1, 2, 3, 4, 5, 6].map((month) => ({ ...call, dueDate: `2025-0${month}-01` })),
    );
    const sectionAtFoot = await render({ statement: monthly });
    for (const rendered of [sample, tight, sectionAtFoot]) {
      for (const page of rendered.pageTexts) expect(headingEndingPage(page)).toBeNull();
    }
    expectText(sectionAtFoot.text, 'Travaux votés, emprunts et procédures', 'Travaux votés');
    expectText(tight.text, 'Procédures en cours', 'Aucune procédure en cours.');
  });

  it('marks test-mode documents SPÉCIMEN on every page, and only those', async () => {
    expect(sample.text).not.toContain('SPÉCIMEN');
    const specimen = await render({ testMode: true });
    for (const page of specimen.pageTexts) expect(page).toContain('SPÉCIMEN');
  });

  it('falls back to the order and prints "non communiqué" figures without a statement', async () => {
    const { text, pageTexts } = await render({ statement: null });
    expect(text).toContain('12 rue des Lilas, 75011 Paris');
    expect(text).toContain('Cabinet Martin');
    expectText(text, 'a) Provisions exigibles du budget prévisionnel', 'compte du vendeur', 'non communiqué');
    expect(text).not.toMatch(/\d,\d\d €/);
    expect(pageTexts[0]).toContain('relevé de compte du vendeur (informations financières)');
  });

  it('renders the same bytes for the same input', async () => {
    const input = buildPreStatementInput({ testMode: true });
    const [first, second] = await Promise.all([renderPreStatementPdf(input), renderPreStatementPdf(input)]);
    expect(first.equals(second)).toBe(true);
  });
});

function manyDocuments(count: number): PreStatementInput['documents'] {
  return Array.from({ length: count }, (_, index) => {
    const doctype = ((index % 10) + 1) as Doctype;
    return {
      doctype,
      kind: defaultKind(doctype),
      title: `Document annexe ${index + 1}`,
      date: index % 4 === 0 ? null : '2024-06-12',
      pages: 1,
    };
  });
}
