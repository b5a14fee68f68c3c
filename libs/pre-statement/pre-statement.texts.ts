/**
 * The wording of the pre-statement document, in one place so that it is reviewed once, by someone
 * who knows what notaries expect to read. Document types are named in `doctype-labels.ts`.
 */
export const PRE_STATEMENT_TEXTS = {
  title: 'Pré-état daté',
  subtitle: "Informations prévues par l'article L.721-2 du Code de la construction et de l'habitation",
  specimen: 'SPÉCIMEN',
  specimenNotice:
    'SPÉCIMEN – document produit en mode test à partir de données fictives, sans valeur juridique.',
  header: (orderid: string) => `Pré-état daté – commande ${orderid}`,
  footer: (issuedOn: string) => `Émis le ${issuedOn}`,
  pageNumber: (page: number, pages: number) => `Page ${page} / ${pages}`,

  sourceFromStatement: (statementDate: string) =>
    `Informations relevées sur le compte du copropriétaire vendeur (espace extranet du syndic), ` +
    `relevé de compte du ${statementDate}.`,
  sourceMissing:
    "Le relevé de compte du copropriétaire vendeur n'a pas pu être obtenu auprès du syndic : " +
    'les montants et informations qui en proviennent sont indiqués « non communiqué ».',

  identification: {
    heading: 'Identification',
    coOwnership: 'Copropriété',
    address: "Adresse de l'immeuble",
    additional: "Complément d'adresse du bien",
    registration: "Numéro d'immatriculation",
    syndic: 'Syndic',
    fiscalYear: 'Exercice comptable en cours',
    fiscalYearRange: (start: string, end: string) => `du ${start} au ${end}`,
    statementDate: 'Relevé de compte utilisé',
    orderid: 'Référence de la commande',
    externalId: 'Référence client',
    issuedAt: "Date d'émission",
    lotsHeading: 'Lots vendus',
    lotNumber: 'N° de lot',
    lotDescription: 'Désignation',
    lotShares: 'Tantièmes généraux',
    sellersHeading: 'Vendeur(s)',
  },

  amountColumn: 'Montant',
  designationColumn: 'Désignation',
  total: 'Total',

  sellerOwes: {
    heading: 'Partie 1 – Sommes dues par le vendeur au syndicat',
    budgetProvisionsDue: 'Provisions exigibles du budget prévisionnel',
    horsBudgetProvisionsDue: 'Provisions exigibles des dépenses hors budget prévisionnel',
    unpaidPreviousYears: 'Charges impayées des exercices antérieurs',
    otherSumsDue: 'Autres sommes dues au syndicat',
    allDuePaid:
      'Le vendeur déclare être à jour de ses paiements envers le syndicat des copropriétaires à la date ' +
      'du présent document. Les sommes ci-dessous sont celles relevées sur son compte, données à titre ' +
      "d'information.",
  },
  syndicateOwes: {
    heading: 'Partie 2 – Sommes dont le syndicat pourrait être débiteur envers le vendeur',
    advances: 'Avances versées par le vendeur (fonds de roulement, avances de trésorerie)',
    creditBalance: 'Solde créditeur du compte du vendeur',
  },
  buyerWillBear: {
    heading: "Partie 3 – Sommes qui incomberont à l'acquéreur",
    advancesToReconstitute: 'Avances à reconstituer',
    provisionsNotYetDue: 'Provisions du budget prévisionnel et hors budget non encore exigibles',
  },

  financialAnnex: {
    heading: 'Annexe financière',
    chargesHeading: 'Charges payées par le vendeur au titre des deux derniers exercices',
    fiscalYear: 'Exercice',
    fiscalYearRange: (start: string, end: string) => `${start} – ${end}`,
    budgetCalled: 'Budget appelé',
    budgetActual: 'Budget réel',
    horsBudgetCalled: 'Hors budget appelé',
    horsBudgetActual: 'Hors budget réel',
    syndicateHeading: 'Situation du syndicat et fonds de travaux',
    syndicateUnpaidCharges: 'Impayés de charges au sein du syndicat (état global)',
    supplierDebt: 'Dette du syndicat vis-à-vis des fournisseurs',
    worksFundLotShare: 'Quote-part du fonds de travaux attachée au(x) lot(s) vendu(s)',
    worksFundLastContribution: 'Dernière cotisation au fonds de travaux versée par le vendeur',
  },

  documents: {
    heading: 'Documents annexés',
    type: 'Type de document',
    title: 'Intitulé',
    date: 'Date',
    status: 'Statut',
    found: 'fourni',
    missing: 'manquant',
    summary: (found: number, missing: number) =>
      `${found} document${found > 1 ? 's' : ''} fourni${found > 1 ? 's' : ''}, ` +
      `${missing} document${missing > 1 ? 's' : ''} manquant${missing > 1 ? 's' : ''}.`,
  },

  commentHeading: 'Observations',

  legalHeading: 'Mention légale',
  legalNotice:
    "Le présent document réunit les informations financières et la liste des documents que l'article " +
    "L.721-2 du Code de la construction et de l'habitation impose d'annexer à la promesse de vente d'un " +
    "lot de copropriété ou, à défaut de promesse, à l'acte authentique de vente. Il est établi à partir " +
    "des informations mises à disposition par le syndic et ne se substitue pas à l'état daté délivré par " +
    "le syndic en application de l'article 5 du décret n° 67-223 du 17 mars 1967.",
} as const;
