/**
 * The wording of the pre-statement document, in one place so that it is reviewed once, by someone
 * who knows what notaries expect to read. Document types are named in `doctype-labels.ts`, the
 * notice d'information in `information-notice.texts.ts`.
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
  issuer: 'Service de commande de pré-états datés',
  metadataSubject: (property: string) =>
    `Pré-état daté (article L.721-2 du Code de la construction et de l'habitation) – ${property}`,
  keywords: 'pré-état daté, copropriété, L.721-2, état daté, décret du 17 mars 1967',
  dossierTitle: 'Dossier complet : pré-état daté suivi de ses annexes',

  sourceFromStatement: (statementDate: string, filedBy: 'connector' | 'operator') =>
    filedBy === 'connector'
      ? `Informations relevées sur l'espace extranet du syndic (compte du copropriétaire vendeur), ` +
        `relevé de compte du ${statementDate}.`
      : `Informations saisies par un opérateur du service d'après les documents du syndic, ` +
        `relevé de compte du ${statementDate}.`,
  sourceMissing:
    "Le relevé de compte du copropriétaire vendeur n'a pas pu être obtenu auprès du syndic : " +
    'les montants et informations qui en proviennent sont indiqués « non communiqué ».',

  summary: {
    heading: 'Synthèse pour le notaire',
    complete: 'Dossier complet',
    completeDetail:
      "Toutes les informations et tous les documents prévus par l'article L.721-2 du CCH ont été obtenus.",
    incomplete: 'Dossier incomplet',
    toVerify: 'Dossier à vérifier',
    missingIntro: 'Éléments manquants :',
    toCheckIntro: 'À vérifier (non établi au vu des documents obtenus) :',
    legalEffect:
      "Tant que ces documents ne sont pas communiqués à l'acquéreur, son délai de rétractation ne court " +
      "pas : il ne court qu'à compter du lendemain de leur communication (article L.721-3 du CCH).",
    legalEffectIfMissing:
      'Si l’un de ces documents n’a pas été communiqué à l’acquéreur, son délai de rétractation ne court ' +
      "pas : il ne court qu'à compter du lendemain de leur communication (article L.721-3 du CCH).",
    figuresMissing: (count: number) =>
      `${count} mention${count > 1 ? 's' : ''} « non communiqué » (détail ci-après)`,
    statementMissing: 'relevé de compte du vendeur (informations financières)',
    otherBuilding: (described: string, ordered: string) =>
      `adresse de l'immeuble selon le syndic (${described}) différente de celle du bien commandé ` +
      `(${ordered}) : vérifier que le relevé porte sur le bien vendu`,
    lotsNotFoundMissing: (lots: string[]) =>
      lots.length > 1
        ? `sommes des lots ${lots.join(', ')}, absents du compte du vendeur`
        : `sommes du lot ${lots[0]}, absent du compte du vendeur`,
    alertsHeading: 'Alertes',
    noAlert: 'Aucune alerte.',
    property: 'Bien',
    lots: 'Lots vendus',
    sellerBalance: (date: string) => `Solde du compte du vendeur au ${date}`,
    sellerBalanceUndated: 'Solde du compte du vendeur',
    balanceOwed: (amount: string) => `${amount} dus au syndicat`,
    balanceCredit: (amount: string) => `${amount} en faveur du vendeur`,
    balanceNil: 'à jour (0,00 €)',
    quarterlyCharges: 'Charges courantes des lots (budget)',
    perQuarter: (quarter: string, year: string) => `${quarter} par trimestre (${year} par an)`,
    worksNotCalled: 'Travaux votés restant à appeler (part des lots)',
    procedures: 'Procédures en cours',
    proceduresCount: (count: number) =>
      count === 0 ? 'aucune' : `${count} procédure${count > 1 ? 's' : ''} (détail ci-après)`,
    worksFund: 'Fonds de travaux (part des lots)',
    loans: 'Emprunts collectifs restant dus (part des lots)',
    alertArrears: (amount: string) =>
      `Vendeur débiteur envers le syndicat : ${amount} d'arriérés (partie 1, hors article 33).`,
    alertSyndicateUnpaid: (percent: string, date: string) =>
      `Impayés de charges du syndicat : ${percent} du budget voté (seuil d'alerte : 25 %), au ${date}.`,
    alertAllDuePaid: (amount: string) =>
      `Le vendeur se déclare à jour de ses paiements (all_due_paid), mais son compte fait apparaître ` +
      `${amount} dus au syndicat : la déclaration est contredite par les chiffres.`,
    alertSafeguardPlan: "L'immeuble fait l'objet d'un plan de sauvegarde.",
    alertPerilOrder: "L'immeuble fait l'objet d'un arrêté de péril ou de mise en sécurité.",
    alertLotsNotFound: (lots: string[]) =>
      lots.length > 1
        ? `Lots ${lots.join(', ')} absents du compte du vendeur : leurs sommes ne figurent dans aucun total.`
        : `Lot ${lots[0]} absent du compte du vendeur : ses sommes ne figurent dans aucun total.`,
  },

  identification: {
    heading: 'Identification',
    coOwnership: 'Copropriété',
    address: "Adresse de l'immeuble",
    additional: "Complément d'adresse du bien",
    orderedProperty: 'Bien désigné dans la commande',
    registration: "Numéro d'immatriculation",
    fiscalYear: 'Exercice comptable en cours',
    fiscalYearRange: (start: string, end: string) => `du ${start} au ${end}`,
    statementDate: 'Relevé de compte utilisé',
    orderid: 'Référence de la commande',
    externalId: 'Référence client',
    noExternalId: 'aucune',
    issuedAt: "Date d'émission",
    issuedBy: 'Document établi par',
    issuedByValue: (issuer: string, filedBy: string) => `${issuer}, ${filedBy}`,
    filedByConnector: "d'après l'extranet du syndic",
    filedByOperator: "d'après les documents du syndic saisis par un opérateur",
    filedByNone: 'sans relevé de compte du syndic',
    syndicHeading: 'Syndic et assemblées générales',
    syndic: 'Syndic',
    syndicAddress: 'Adresse du syndic',
    syndicContact: 'Téléphone et courriel',
    mandateEnd: 'Fin du mandat du syndic',
    lastMeeting: 'Dernière assemblée générale',
    nextMeeting: 'Prochaine assemblée générale',
    lotsHeading: 'Lots vendus',
    lotNumber: 'Lot',
    lotDescription: 'Désignation',
    lotNature: 'Nature',
    lotShares: 'Tantièmes',
    lotBudget: 'Budget annuel',
    lotWorksFund: 'Fonds de travaux',
    natures: { principal: 'principal', annexe: 'annexe' },
    sharesOf: (shares: string, total: string) => `${shares} / ${total}`,
    lotNotFound: 'absent du compte du vendeur',
    noValue: '—',
    lotsNote:
      "Tantièmes généraux sur le total de l'immeuble. La nature du lot (principal ou annexe) décide des " +
      'exemptions (mesurage, certains diagnostics).',
    sellersHeading: 'Vendeur(s)',
    buildingHeading: "L'immeuble",
    completionYear: 'Construction (achèvement)',
    completionValue: (year: number) => `${year} (${decadeOf(year)})`,
    lotCount: 'Nombre de lots',
    heating: 'Chauffage',
    lift: 'Ascenseur',
    energyPerformance: 'DPE collectif',
    energyPerformanceValue: (energyClass: string, date: string) => `classe ${energyClass}, établi le ${date}`,
    energyAudit: 'Audit énergétique',
    energyAuditValue: (date: string) => `réalisé le ${date}`,
    safeguardPlan: 'Plan de sauvegarde',
    perilOrder: 'Arrêté de péril ou de mise en sécurité',
    yes: 'oui',
    no: 'non',
    none: 'aucun',
  },

  origin: {
    column: 'Source',
    seller_account: 'compte du vendeur',
    syndicate: 'comptes du syndicat',
    /** Under a table whose figures all come from one place. */
    notes: {
      seller_account: 'Source : compte du vendeur.',
      syndicate:
        'Source : comptes du syndicat (montants de l’immeuble, part des lots d’après leurs tantièmes).',
    },
  },
  amountColumn: 'Montant',
  designationColumn: 'Désignation',
  total: 'Total',
  partialTotal: 'Total des montants connus',
  totalLeavesOut: (labels: string[]) =>
    `Total partiel : il n'inclut pas ${labels.map((label) => `« ${label} »`).join(', ')} (non communiqué).`,
  totalLeavesOutLots: (lots: string[]) =>
    lots.length > 1
      ? `Les sommes des lots ${lots.join(', ')}, absents du compte du vendeur, ne sont pas comprises.`
      : `Les sommes du lot ${lots[0]}, absent du compte du vendeur, ne sont pas comprises.`,

  sellerOwes: {
    heading: 'Partie 1 – Sommes dues par le vendeur au syndicat',
    intro: 'Article 5 1° du décret n° 67-223 du 17 mars 1967 : sommes exigibles à la date du relevé.',
    budgetProvisionsDue: 'a) Provisions exigibles du budget prévisionnel',
    horsBudgetProvisionsDue: 'b) Provisions exigibles des dépenses hors budget prévisionnel',
    unpaidPreviousYears: 'c) Charges impayées des exercices antérieurs',
    article33Instalments:
      'd) Sommes devenues exigibles du fait de la vente (article 33 de la loi du 10 juillet 1965)',
    advancesDue: 'e) Avances exigibles',
    otherSumsDue: 'Autres sommes dues au syndicat',
    allDuePaid:
      'Le vendeur déclare être à jour de ses paiements envers le syndicat des copropriétaires à la date ' +
      'du présent document ; les chiffres ci-dessous, relevés sur son compte, le confirment.',
    allDuePaidUnverified:
      'Le vendeur déclare être à jour de ses paiements envers le syndicat des copropriétaires ; les ' +
      "sommes de son compte n'ayant pas toutes été communiquées, la déclaration n'a pas pu être vérifiée.",
  },
  syndicateOwes: {
    heading: 'Partie 2 – Sommes dont le syndicat pourrait être débiteur envers le vendeur',
    advances: 'a) Avances versées par le vendeur (fonds de roulement, avances de trésorerie)',
    provisionsMadeDueEarly:
      'b) Provisions des périodes postérieures rendues exigibles par anticipation (article 19-2 de la loi du 10 juillet 1965)',
    creditBalance: 'Solde créditeur du compte du vendeur',
  },
  buyerWillBear: {
    heading: "Partie 3 – Sommes qui incomberont à l'acquéreur",
    advancesToReconstitute: 'a) Avances à reconstituer',
    budgetProvisionsNotYetDue: 'b) Provisions non encore exigibles du budget prévisionnel',
    horsBudgetProvisionsNotYetDue:
      'c) Provisions non encore exigibles des dépenses hors budget (travaux votés) – à répartir entre vendeur et acquéreur',
  },

  financialAnnex: {
    heading: 'Annexe financière',
    chargesHeading: 'Charges appelées et payées par le vendeur au titre des deux exercices précédents',
    chargesNote: 'Sommes appelées au vendeur et payées par lui (article L.721-2 2° a du CCH).',
    fiscalYear: 'Exercice',
    fiscalYearRange: (start: string, end: string) => `${start} – ${end}`,
    previousYear: (n: number) => `Exercice N-${n}`,
    budgetCalled: 'Budget appelé',
    budgetPaid: 'Budget payé',
    horsBudgetCalled: 'Hors budget appelé',
    horsBudgetPaid: 'Hors budget payé',
    syndicateHeading: 'Situation du syndicat',
    atClosing: (date: string) => `au ${date}, clôture du dernier exercice approuvé`,
    atClosingUnknown: 'à la clôture du dernier exercice approuvé (date non communiquée)',
    syndicateUnpaidCharges: (at: string) => `Impayés de charges au sein du syndicat (${at})`,
    supplierDebt: (at: string) => `Dette du syndicat vis-à-vis des fournisseurs (${at})`,
    budget: 'Budget prévisionnel voté pour l’exercice en cours',
    worksFundHeading: 'Fonds de travaux',
    worksFundLotShare: 'Quote-part du fonds de travaux attachée aux lots vendus',
    worksFundLastContribution: 'Dernière cotisation au fonds de travaux versée par le vendeur',
    worksFundLastContributionDate: 'Date de cette cotisation',
    noWorksFund: 'sans objet : le syndicat n’a pas de fonds de travaux',
  },

  calls: {
    heading: 'Appels de fonds de l’exercice en cours',
    dueDate: 'Échéance',
    budget: 'Budget',
    horsBudget: 'Hors budget',
    total: 'Total',
    party: 'À la charge de',
    parties: {
      due: 'vendeur (échu)',
      madeDueEarly: 'vendeur (exigible par anticipation, art. 19-2)',
      dueSinceStatement: 'vendeur (échu depuis le relevé)',
      notYetDue: 'acquéreur (à échoir)',
    },
    totals: {
      due: 'Appels échus (vendeur)',
      madeDueEarly: 'Exigibles par anticipation, art. 19-2 (vendeur)',
      dueSinceStatement: 'Échus depuis le relevé (vendeur)',
      notYetDue: 'Appels à échoir (acquéreur)',
    },
    source: (origin: string) => `Part des lots vendus (source : ${origin}).`,
    dates: (statementDate: string, issueDate: string) =>
      `Dates : relevé de compte du ${statementDate} (parties 1 à 3), présent document du ${issueDate}.`,
    dueSinceStatement:
      'Les appels échus entre ces deux dates incombent au vendeur, mais les parties 1 à 3, arrêtées au ' +
      'relevé, les comptent encore parmi les provisions non encore exigibles.',
    rule:
      'À la signature, le notaire répartit selon les dates d’échéance et, si les parties en conviennent, ' +
      'au prorata temporis.',
    madeDueEarly:
      'Le syndic a rendu exigibles par anticipation les provisions non encore échues de l’exercice ' +
      '(article 19-2 de la loi du 10 juillet 1965) : elles sont dues par le vendeur (partie 1), la part ' +
      'des périodes postérieures à la vente pouvant lui être remboursée (partie 2 b).',
    madeDueEarlyMismatch: (calls: string, early: string) =>
      `Toutefois, le total des appels postérieurs au relevé (${calls}) ne correspond pas aux provisions ` +
      `rendues exigibles par anticipation (${early}) : à vérifier auprès du syndic.`,
    madeDueEarlyUnknown:
      'Les provisions rendues exigibles par anticipation (article 19-2) n’ont pas été communiquées : si le ' +
      'syndic en a prononcé l’exigibilité, les appels à échoir incombent au vendeur.',
    laterWorks:
      'Les appels de travaux des exercices suivants figurent au tableau des travaux votés (reste à appeler).',
    none: 'non communiqué',
  },

  works: {
    heading: 'Travaux votés, emprunts et procédures',
    votedHeading: 'Travaux votés',
    resolution: 'Résolution',
    meeting: 'AG du',
    total: 'Montant total',
    lotShare: 'Part des lots',
    called: 'Déjà appelé',
    toCall: 'Reste à appeler',
    noVotedWorks: 'Aucun travail voté en cours d’exécution.',
    loansHeading: 'Emprunts collectifs',
    loanPurpose: 'Objet',
    lender: 'Prêteur',
    loanTotal: 'Montant emprunté',
    loanRemaining: 'Reste dû par les lots',
    loanEnd: 'Dernière échéance',
    noLoans: 'Aucun emprunt collectif.',
    proceduresHeading: 'Procédures en cours',
    procedureNature: 'Nature',
    counterparty: 'Partie adverse',
    stage: 'État',
    noProcedures: 'Aucune procédure en cours.',
    notCommunicated: 'Non communiqué par le syndic.',
  },

  documents: {
    heading: 'Documents',
    checksHeading: "Documents prévus par l'article L.721-2 du CCH",
    document: 'Document',
    status: 'Statut',
    detail: 'Détail',
    statuses: {
      provided: 'fourni',
      missing: 'manquant',
      notExisting: 'inexistant',
      notApplicable: 'sans objet',
      notCommunicated: 'non communiqué',
      undetermined: 'à vérifier',
    },
    annexNumbers: (numbers: number[]) => annexNumberList(numbers),
    notExistingDetail: 'le syndic déclare qu’il n’en existe pas',
    summarySheet: 'Fiche synthétique',
    rules: 'Règlement de copropriété',
    division: 'État descriptif de division',
    amendments: 'Actes modificatifs publiés',
    amendmentMissing: (date: string) => `acte du ${date} non obtenu`,
    amendmentToCheck: (date: string, annexes: string) =>
      `acte du ${date} : ${annexes}, document de type règlement au contenu non précisé`,
    unsaidRulesForDivision: (numbers: number[]) =>
      `non établi au vu des documents : le règlement fourni (${annexNumberList(numbers)}) ne précise pas ` +
      's’il le comprend',
    unsaidDiagnostic: (numbers: number[]) =>
      `non établi au vu des documents : ${annexNumberList(numbers)}, diagnostic de nature non précisée`,
    noAmendment: 'aucun acte modificatif publié selon le syndic',
    minutes: (date: string) => `Procès-verbal de l’AG du ${date}`,
    minutesWindow: (start: string, end: string) => `Procès-verbal d’AG (${start} – ${end})`,
    minutesWindowMissing: 'aucun procès-verbal d’assemblée tenue sur cette période',
    maintenanceLog: "Carnet d'entretien",
    notice: "Notice d'information",
    noticeDetail: 'jointe en fin du présent document',
    dtg: 'Diagnostic technique global (DTG)',
    worksPlan: 'Plan pluriannuel de travaux (PPT)',
    worksPlanAdopted: (date: string) => `adopté par l’AG du ${date}`,
    worksPlanProject: (date: string) => `projet du ${date}, non encore adopté`,
    worksPlanProjectUndated: 'projet, non encore adopté',
    worksPlanNone: 'ni plan adopté ni projet selon le syndic',
    worksPlanTooRecent: (year: number) =>
      `immeuble achevé en ${year}, de moins de 15 ans (article 14-2 de la loi du 10 juillet 1965)`,
    dta: 'Dossier technique amiante des parties communes (DTA)',
    crep: "Constat de risque d'exposition au plomb des parties communes (CREP)",
    plans: "Plans de l'immeuble",
    annexesHeading: 'Liste des annexes',
    annexesIntro:
      'Chaque document obtenu est joint, dans cet ordre et sous ce numéro, au dossier complet ' +
      '(pré-état daté suivi de ses annexes, téléchargeable à côté du présent document) ; un fichier ' +
      '« illisible » (endommagé ou chiffré) n’a pas pu y être joint.',
    number: 'N°',
    type: 'Type de document',
    title: 'Intitulé',
    date: 'Date',
    pages: 'Pages',
    noAnnex: 'Aucun document obtenu.',
    unreadable: 'illisible',
    summary: (found: number, missing: number, toCheck: number) =>
      `${found} document${found > 1 ? 's' : ''} fourni${found > 1 ? 's' : ''}, ` +
      `${missing} document${missing > 1 ? 's' : ''} manquant${missing > 1 ? 's' : ''}` +
      (toCheck > 0 ? `, ${toCheck} à vérifier.` : '.'),
  },

  legalHeading: 'Mention légale',
  legalNotice:
    "Le présent document réunit les informations financières et la liste des documents que l'article " +
    "L.721-2 du Code de la construction et de l'habitation impose d'annexer à la promesse de vente d'un " +
    "lot de copropriété ou, à défaut de promesse, à l'acte authentique de vente. Il est établi à partir " +
    "des informations mises à disposition par le syndic et ne se substitue pas à l'état daté délivré par " +
    "le syndic en application de l'article 5 du décret n° 67-223 du 17 mars 1967.",
} as const;

function annexNumberList(numbers: number[]): string {
  return numbers.length === 0 ? '' : `annexe${numbers.length > 1 ? 's' : ''} n° ${numbers.join(', ')}`;
}

function decadeOf(year: number): string {
  const decade = Math.floor(year / 10) * 10;
  return `années ${decade}`;
}
