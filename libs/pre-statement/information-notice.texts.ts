/**
 * The notice d'information of article L.721-2 4° of the Code de la construction et de l'habitation:
 * a standard text on the co-owners' rights and obligations and on how the syndicate's bodies work,
 * printed by the service as the last annex of every pre-statement. Each paragraph cites the texts it
 * summarises, so that a reader can check it; it informs and does not replace them.
 */
export interface NoticeSection {
  heading: string;
  paragraphs: readonly string[];
}

export const INFORMATION_NOTICE = {
  heading: "Annexe – Notice d'information",
  intro:
    "Notice prévue par l'article L.721-2 4° du Code de la construction et de l'habitation (CCH), relative " +
    'aux droits et obligations des copropriétaires et au fonctionnement des instances du syndicat de ' +
    'copropriété. Le contenu de cette notice est déterminé par arrêté du ministre chargé du logement ; ' +
    'le texte ci-dessous en présente l’essentiel et renvoie aux textes applicables : la loi n° 65-557 du ' +
    '10 juillet 1965 fixant le statut de la copropriété des immeubles bâtis (« la loi ») et le décret ' +
    'n° 67-223 du 17 mars 1967 pris pour son application (« le décret »).',
  sections: [
    {
      heading: '1. La copropriété et le lot',
      paragraphs: [
        'Un immeuble en copropriété est divisé en lots, chacun comprenant une partie privative et une ' +
          'quote-part des parties communes exprimée en tantièmes (article 1er de la loi). Les parties ' +
          'communes appartiennent indivisément à l’ensemble des copropriétaires (articles 3 et 4 de la loi).',
        'Le règlement de copropriété détermine la destination des parties privatives et communes, leurs ' +
          'conditions de jouissance et les règles d’administration des parties communes ; il contient ou ' +
          'accompagne l’état descriptif de division qui identifie chaque lot (article 8 de la loi). Ses ' +
          'modifications font l’objet d’actes modificatifs publiés au fichier immobilier.',
      ],
    },
    {
      heading: '2. Droits et obligations du copropriétaire',
      paragraphs: [
        'Chaque copropriétaire use et jouit librement de ses parties privatives et des parties communes, ' +
          'sans porter atteinte aux droits des autres copropriétaires ni à la destination de l’immeuble ' +
          '(article 9 de la loi).',
        'Il contribue aux charges entraînées par les services collectifs et les éléments d’équipement ' +
          'commun en fonction de l’utilité qu’ils présentent pour son lot, et aux charges de conservation, ' +
          'd’entretien et d’administration des parties communes proportionnellement à ses tantièmes ' +
          '(article 10 de la loi).',
        'Les provisions du budget prévisionnel sont exigibles le premier jour de chaque trimestre, sauf ' +
          'décision contraire de l’assemblée (article 14-1 de la loi). Les travaux non compris dans le budget ' +
          'sont appelés selon les modalités votées par l’assemblée. À défaut de paiement d’une ' +
          'provision, après une mise en demeure restée infructueuse, les autres provisions de l’exercice ' +
          'deviennent immédiatement exigibles (article 19-2 de la loi).',
        'Dans les immeubles à destination totale ou partielle d’habitation, chaque copropriétaire verse une ' +
          'cotisation annuelle au fonds de travaux, attachée à son lot et définitivement acquise au syndicat ' +
          '(article 14-2-1 de la loi) ; elle n’est pas remboursée à la vente.',
        'Le copropriétaire participe aux assemblées générales, personnellement ou par un mandataire, avec ' +
          'un nombre de voix égal à ses tantièmes (article 22 de la loi).',
      ],
    },
    {
      heading: '3. Le syndicat des copropriétaires et l’assemblée générale',
      paragraphs: [
        'La collectivité des copropriétaires est constituée en un syndicat doté de la personnalité civile, ' +
          'qui a pour objet la conservation et l’amélioration de l’immeuble et l’administration des parties ' +
          'communes (article 14 de la loi).',
        'Les décisions du syndicat sont prises en assemblée générale, réunie au moins une fois par an ' +
          '(article 7 du décret). Selon leur objet, elles sont adoptées à la majorité des voix exprimées ' +
          '(article 24 de la loi), à la majorité des voix de tous les copropriétaires (article 25), à la ' +
          'double majorité de l’article 26 ou à l’unanimité.',
        'Un copropriétaire opposant ou défaillant peut contester une décision dans les deux mois de la ' +
          'notification du procès-verbal de l’assemblée (article 42 de la loi).',
      ],
    },
    {
      heading: '4. Le syndic et le conseil syndical',
      paragraphs: [
        'Le syndic, désigné par l’assemblée générale, exécute ses décisions, administre l’immeuble, tient ' +
          'la comptabilité du syndicat et le représente (article 18 de la loi). Son mandat est d’une durée ' +
          'fixée par l’assemblée, qui ne peut excéder trois ans (article 28 du décret).',
        'Le conseil syndical, composé de copropriétaires élus, assiste le syndic et contrôle sa gestion ' +
          '(article 21 de la loi).',
      ],
    },
    {
      heading: '5. Les comptes, les travaux et l’état de l’immeuble',
      paragraphs: [
        'L’assemblée vote chaque année le budget prévisionnel et approuve les comptes de l’exercice écoulé ' +
          '(article 14-1 de la loi). Le carnet d’entretien de l’immeuble retrace les travaux importants et ' +
          'les contrats en cours (article 18 de la loi).',
        'Un diagnostic technique global peut être réalisé pour informer les copropriétaires de la situation ' +
          'générale de l’immeuble (article L.731-1 du CCH). À l’issue d’un délai de quinze ans à compter de ' +
          'la réception des travaux de construction, un plan pluriannuel de travaux est élaboré et présenté ' +
          'à l’assemblée générale (article 14-2 de la loi).',
      ],
    },
    {
      heading: '6. La vente d’un lot',
      paragraphs: [
        'Avant la vente, l’acquéreur reçoit les documents et informations énumérés par l’article L.721-2 ' +
          'du CCH, dont la présente notice. Lorsqu’ils ne sont pas annexés à la promesse ou à l’acte, son ' +
          'délai de rétractation ne court qu’à compter du lendemain de leur communication (article L.721-3 ' +
          'du CCH).',
        'Lors de la vente, le syndic délivre au notaire un état daté des sommes dues par le vendeur, de ' +
          'celles dont le syndicat pourrait lui être débiteur et de celles qui incomberont à l’acquéreur ' +
          '(article 5 du décret). Le notaire avise le syndic de la mutation, qui peut former opposition au ' +
          'versement du prix pour les sommes restant dues par le vendeur (article 20 de la loi).',
      ],
    },
  ] satisfies readonly NoticeSection[],
} as const;
