import { type OperatorRefusal } from '@libs/fulfilment/fulfilment-workflow.contract';
import { type ErrorCode } from './domain-error';

/**
 * Refusals of a request as HTTP carries it (its route, method, size, media type, JSON), before any
 * domain rule: the API raises them itself (apps/api/src/platform/http/http-refusal.ts).
 */
export type RequestRefusalCode =
  | 'route_not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unsupported_content_encoding'
  | 'headers_too_large'
  | 'malformed_json';

/** Everything a client can be told went wrong. */
export type ClientErrorCode = ErrorCode | RequestRefusalCode;

/**
 * Every French text a client can read, in one place so wording is reviewed once.
 * Texts follow the reference service, spelling corrected.
 */
export const SUCCESS_MESSAGES = {
  orderCreated: 'Transaction créée avec succès',
  loginSucceeded: 'Connexion réussie',
  testNotificationSent: 'Notification de test envoyée',
  serviceHealthy: 'Service opérationnel',
} as const;

export const HEALTH_DEPENDENCY_NAMES = { database: 'base de données', temporal: 'Temporal' } as const;

type Details = Record<string, string | number>;

export const ERROR_MESSAGES: Record<ClientErrorCode, (d: Details) => string> = {
  invalid_api_key: () => "La clé API n'est pas valide",
  invalid_credentials: () => 'Informations de connexion invalides',
  missing_field: (d) => `Le champ '${d.field}' est obligatoire`,
  validation_failed: () => 'Les données envoyées ne sont pas valides',
  syndic_invalid: () => "Informations du syndic manquantes ou incorrectes pour la méthode 'extranet'",
  email_mismatch: () => "Le champ 'email' doit être l'adresse du compte authentifié",
  malformed_json: (d) => `Impossible de décoder l'objet JSON : ${d.reason}`,
  unauthenticated: () => "Jeton d'accès manquant, invalide ou expiré",
  order_not_found: () => 'Commande introuvable',
  notification_not_found: () => 'Notification introuvable',
  no_callback_url: () =>
    'Ni la commande ni le compte n’ont d’URL de rappel : la notification ne peut pas être envoyée. ' +
    'Elle pourra être relivrée une fois l’URL de rappel du compte définie',
  document_link_invalid: () => 'Lien de document invalide',
  document_link_expired: () =>
    'Ce lien de document a expiré : relancez la notification pour obtenir un nouveau lien',
  test_mode_only: () => 'Les notifications de test ne concernent que les commandes en mode test',
  route_not_found: () => 'Ressource introuvable',
  method_not_allowed: () => 'Méthode non autorisée pour cette ressource',
  payload_too_large: () => 'Le corps de la requête est trop volumineux',
  unsupported_media_type: () =>
    'Le corps de la requête doit être au format JSON (Content-Type: application/json)',
  unsupported_content_encoding: (d) =>
    `Le corps de la requête doit être envoyé sans compression (Content-Encoding « ${d.encoding} » ` +
    'non pris en charge)',
  headers_too_large: () => TRANSPORT_MESSAGES.headersTooLarge,
  idempotency_conflict: () =>
    "Cette clé d'idempotence a déjà été utilisée avec un corps de requête différent",
  idempotency_key_unverifiable: () =>
    "Cette clé d'idempotence ne peut plus être vérifiée : utilisez une nouvelle clé",
  invalid_state: (d) => `Action impossible dans l'état actuel de la commande (${d.state})`,
  order_closed: () => 'La commande est clôturée',
  document_not_ready: () => "Le pré-état daté n'est pas encore disponible",
  dossier_not_available: () =>
    "Le dossier complet n'existe pas pour ce pré-état daté, produit avant son introduction : " +
    'une actualisation de la commande le produit',
  operator_action_refused: (d) => OPERATOR_REFUSAL_MESSAGES[d.refusal as OperatorRefusal] ?? 'Action refusée',
  operator_forbidden: () => OPERATOR_REFUSAL_MESSAGES.role_forbidden,
  rate_limited: () => 'Trop de requêtes, veuillez réessayer plus tard',
  operator_login_failed: () => 'Adresse e-mail, mot de passe ou code de vérification incorrect',
  operator_locked: (d) =>
    'Trop de tentatives de connexion infructueuses : le compte est verrouillé, réessayez dans ' +
    `${d.minutes} minute${Number(d.minutes) > 1 ? 's' : ''}`,
  dependency_unavailable: () => 'Service temporairement indisponible, veuillez réessayer plus tard',
  operator_action_pending: () =>
    'L’action a été transmise mais n’est pas encore appliquée : rechargez la page de la commande dans ' +
    'un instant pour voir si elle l’a été, avant de la refaire',
  internal_error: (d) => `Erreur interne du serveur (référence ${d.errorId})`,
};

/** Why an operator's action was refused (libs/fulfilment/fulfilment-workflow.contract.ts). */
export const OPERATOR_REFUSAL_MESSAGES: Record<OperatorRefusal, string> = {
  not_assisted:
    'Cette action ne concerne que les commandes en traitement assisté : passez d’abord la commande en traitement assisté',
  already_assisted: 'La commande est déjà en traitement assisté',
  order_done: 'Le pré-état daté est produit : seule une actualisation par le client rouvre la commande',
  order_cancelled:
    'Le traitement de la commande est annulé : seule une actualisation par le client la rouvre',
  statement_not_filed: 'Déposez d’abord le relevé de compte : le pré-état daté en est tiré',
  statement_invalid: 'Le relevé de compte n’est pas valide',
  version_superseded:
    'La commande a été actualisée entre-temps : la page montre désormais sa nouvelle version, ' +
    'vérifiez-la avant de recommencer',
  role_forbidden: 'Votre rôle ne permet pas cette action : elle est réservée aux opérateurs',
  invalid_request: 'La demande est incomplète ou invalide',
};

export function errorMessage(code: ClientErrorCode, details: Details = {}, detailText?: string): string {
  return detailText ?? ERROR_MESSAGES[code](details);
}

/** Field-level validation texts used by the request DTOs. */
export const VALIDATION_MESSAGES = {
  idempotencyKey: () => "L'en-tête 'Idempotency-Key' doit contenir de 1 à 255 caractères ASCII visibles",
  bodyNotObject: () => 'Le corps de la requête doit être un objet JSON',
  required: (field: string) => `Le champ '${field}' est obligatoire`,
  string: (field: string) => `Le champ '${field}' doit être une chaîne de caractères`,
  notEmpty: (field: string) => `Le champ '${field}' ne doit pas être vide`,
  boolean: (field: string) => `Le champ '${field}' doit être un booléen (true ou false)`,
  object: (field: string) => `Le champ '${field}' doit être un objet`,
  array: (field: string) => `Le champ '${field}' doit être une liste`,
  email: (field: string) => `Le champ '${field}' doit être une adresse e-mail valide`,
  zipcode: (field: string) => `Le champ '${field}' doit contenir exactement 5 chiffres`,
  oneOf: (field: string, values: readonly string[]) =>
    `Le champ '${field}' doit valoir ${values.map((v) => `'${v}'`).join(' ou ')}`,
  arraySize: (field: string, min: number, max: number) =>
    `Le champ '${field}' doit contenir entre ${min} et ${max} éléments`,
  maxLength: (field: string, max: number) => `Le champ '${field}' ne doit pas dépasser ${max} caractères`,
  stringOrNumber: (field: string) => `Le champ '${field}' doit être une chaîne de caractères ou un nombre`,
  inexactNumber: (field: string) =>
    `Le champ '${field}' est un nombre trop grand pour être conservé exactement : envoyez-le entre guillemets`,
  url: (field: string) => `Le champ '${field}' doit être une URL http(s) valide`,
  urlCredentials: (field: string) =>
    `Le champ '${field}' ne doit pas contenir d'identifiants (utilisateur:mot de passe@) : ` +
    "ils vont dans 'username' et 'password'",
  urlRefusedAddress: (field: string) =>
    `Le champ '${field}' désigne une adresse interdite (boucle locale, réseau privé, lien local ` +
    'ou service de métadonnées) : donnez l’adresse publique de l’extranet',
  callbackRefusedAddress: (field: string) =>
    `Le champ '${field}' désigne une adresse interdite (boucle locale, réseau privé, lien local ` +
    'ou service de métadonnées) : donnez l’adresse publique de votre serveur de notifications',
  integerRange: (field: string, min: number, max: number) =>
    `Le champ '${field}' doit être un entier entre ${min} et ${max}`,
  stateFilter: (values: readonly string[]) => `Le paramètre 'state' doit valoir ${values.join(', ')}`,
  cursor: () => "Le paramètre 'cursor' n'est pas valide",
  queryIntegerRange: (name: string, min: number, max: number) =>
    `Le paramètre '${name}' doit être un entier entre ${min} et ${max}`,
  queryMaxLength: (name: string, max: number) =>
    `Le paramètre '${name}' ne doit pas dépasser ${max} caractères`,
  queryRepeated: (name: string) => `Le paramètre '${name}' ne doit figurer qu'une fois dans l'adresse`,
  base64DataUrl: (field: string) =>
    `Le champ '${field}' doit contenir le base64 seul, sans le préfixe « data:…;base64, » d'une URL data`,
  base64Url: (field: string) =>
    `Le champ '${field}' doit être encodé en base64 standard (caractères + et /, remplissage =), ` +
    'pas en base64url (- et _)',
  base64Character: (field: string, character: string, position: number) =>
    `Le champ '${field}' doit être encodé en base64 : le caractère « ${character} » (position ${position}) ` +
    "n'en fait pas partie",
  base64Length: (field: string, length: number) =>
    `Le champ '${field}' doit être encodé en base64 : son nombre de caractères (${length}, hors retours ` +
    "à la ligne) n'est pas un multiple de 4 ; le remplissage « = » de la fin manque-t-il, " +
    'ou le texte est-il tronqué ?',
  base64Padding: (field: string) =>
    `Le champ '${field}' doit être encodé en base64 : un remplissage « = » en trop ou ailleurs qu'à la fin ` +
    "(deux encodages mis bout à bout ?), ou un dernier caractère qu'aucun encodeur n'écrit",
  pdf: (field: string) => `Le champ '${field}' doit contenir un fichier PDF valide`,
  documentItem: (index: number, reason: string) => `Document n°${index} : ${reason}`,
  documentKind: (field: string, doctype: number, kinds: readonly string[]) =>
    `Le champ '${field}' doit valoir, pour le doctype ${doctype}, ${kinds.map((k) => `'${k}'`).join(' ou ')}`,
  filename: (field: string) =>
    `Le champ '${field}' doit être un nom de fichier, sans séparateur de chemin (/ ou \\) ni caractère de contrôle`,
  contentType: (field: string, mimetype: string) =>
    `Le champ '${field}' ne contient pas un fichier de type '${mimetype}'`,
  nullCharacter: (field: string) => `Le champ '${field}' ne doit pas contenir de caractère nul (\\u0000)`,
  loneSurrogate: (field: string) =>
    `Le champ '${field}' contient un caractère invalide : une moitié de paire de substitution UTF-16 isolée (\\ud800 à \\udfff)`,
  nestingTooDeep: (max: number) =>
    `Le corps de la requête est trop profondément imbriqué (${max} niveaux au plus)`,
  codecBody: () =>
    'Le corps doit être de la forme {"payloads": [{"metadata": {…}, "data": "…"}]}, valeurs en base64',
  codecUndecodable: (index: number) =>
    `Charge utile n°${index} indéchiffrable : clé inconnue ou données altérées`,
} as const;

/**
 * Problems of the files an operator attaches on the console (libs/fulfilment), each naming the file as
 * the operator chose it: an operator reads them, not an API client (no field paths).
 */
export const ATTACHMENT_MESSAGES = {
  none: 'Choisissez au moins un fichier à joindre.',
  tooMany: (max: number) => `Joignez au plus ${max} fichiers à la fois.`,
  nameEmpty: 'Un des fichiers n’a pas de nom : renommez-le avant de le joindre.',
  nameTooLong: (name: string, max: number) =>
    `« ${name} » : le nom du fichier dépasse ${max} caractères, raccourcissez-le avant de le joindre.`,
  nameCharacters: (name: string) =>
    `« ${name} » : le nom du fichier contient un caractère interdit (/, \\ ou caractère de contrôle), ` +
    'renommez-le avant de le joindre.',
  type: (name: string) =>
    `« ${name} » n’est ni un PDF ni une image PNG ou JPEG : seuls ces formats peuvent être joints.`,
  content: (name: string, format: string) =>
    `« ${name} » n’est pas un fichier ${format} lisible : son contenu ne correspond pas à ce format ` +
    '(fichier abîmé, vide ou mal nommé).',
  formats: { 'application/pdf': 'PDF', 'image/png': 'PNG', 'image/jpeg': 'JPEG' },
} as const;

/** Problems of a note or a reason an operator types on the console (libs/fulfilment). */
export const OPERATOR_TEXT_MESSAGES = {
  names: { note: 'Le motif du passage en traitement assisté', reason: 'Le motif de l’annulation' },
  empty: (name: string) => `${name} est obligatoire.`,
  tooLong: (name: string, max: number, length: number) =>
    `${name} dépasse ${frenchNumber(max)} caractères (${frenchNumber(length)} saisis) : raccourcissez-le.`,
  invalid: (name: string) => `${name} contient un caractère invalide.`,
} as const;

function frenchNumber(n: number): string {
  return new Intl.NumberFormat('fr-FR').format(n);
}

/** Answers of the HTTP server itself, before any route (header overflow, unparsable request). */
export const TRANSPORT_MESSAGES = {
  headersTooLarge: "L'adresse ou les en-têtes de la requête sont trop volumineux",
  malformedRequest: 'Requête HTTP invalide',
  requestTimeout: 'La requête a mis trop de temps à arriver',
} as const;

/** Describes a JSON.parse failure in French with its position, e.g. for the malformed JSON error. */
export const JSON_SYNTAX_REASONS = {
  expectedComma: 'virgule attendue',
  expectedColon: 'deux-points attendus',
  expectedPropertyName: 'nom de propriété entre guillemets attendu',
  unexpectedEnd: 'fin de données inattendue',
  unexpectedToken: 'caractère inattendu',
  badString: 'chaîne de caractères invalide',
  badNumber: 'nombre invalide',
  trailingData: 'données supplémentaires après la fin du JSON',
  emptyBody: 'corps de requête vide',
  notUtf8: 'octets qui ne sont pas de l’UTF-8 (le JSON doit être encodé en UTF-8)',
} as const;

export function jsonPositionText(line: number, column: number, position: number): string {
  return `ligne ${line}, colonne ${column}, position ${position}`;
}

/**
 * Validation of an account statement in the model's shape (libs/statement/statement.validator.ts):
 * what the operator form will submit. Each text names the field by its path in the statement.
 */
export const STATEMENT_MESSAGES = {
  notAnObject: () => 'Le relevé doit être un objet JSON',
  required: (field: string) => `Le champ '${field}' est obligatoire`,
  version: (field: string, version: number) => `Le champ '${field}' doit valoir ${version}`,
  fieldObject: (field: string) => `Le champ '${field}' doit être un objet {"status", "value", "source"}`,
  status: (field: string) => `Le champ '${field}' doit valoir 'confirmed' ou 'not_communicated'`,
  valueWithoutStatus: (field: string) =>
    `Le champ '${field}' doit être null quand la valeur n'a pas été communiquée ('not_communicated')`,
  source: (field: string) =>
    `Le champ '${field}' doit être l'identifiant (entier positif) du document lu, ou null`,
  sourceNotOfOrder: (field: string, id: number) =>
    `Le champ '${field}' cite le document n° ${id}, qui n'est pas un document de ce tour de collecte de la commande`,
  text: (field: string, max: number) =>
    `Le champ '${field}' doit être un texte non vide de ${max} caractères au plus, sans caractère nul`,
  integer: (field: string, min: number, max: number) =>
    `Le champ '${field}' doit être un entier entre ${min} et ${max}`,
  namePart: (field: string, max: number) =>
    `Le champ '${field}' doit être une chaîne de ${max} caractères au plus, sans caractère nul`,
  cents: (field: string) => `Le champ '${field}' doit être un montant positif ou nul en centimes (entier)`,
  signedCents: (field: string) => `Le champ '${field}' doit être un montant en centimes (entier)`,
  amountTooLarge: (field: string, max: number) =>
    `Le champ '${field}' doit être un montant de ${max} centimes au plus en valeur absolue`,
  date: (field: string) => `Le champ '${field}' doit être une date valide au format AAAA-MM-JJ`,
  boolean: (field: string) => `Le champ '${field}' doit être un booléen (true ou false)`,
  oneOf: (field: string, values: readonly string[]) =>
    `Le champ '${field}' doit valoir ${values.map((v) => `'${v}'`).join(', ')}`,
  object: (field: string) => `Le champ '${field}' doit être un objet`,
  list: (field: string) => `Le champ '${field}' doit être une liste`,
  listMax: (field: string, max: number) => `Le champ '${field}' contient plus de ${max} éléments`,
  fiscalYearOrder: (field: string) => `Le champ '${field}' : le début de l'exercice doit précéder sa fin`,
  duplicateLot: (field: string, lot: string) => `Le champ '${field}' : le lot ${lot} figure deux fois`,
  callsOrder: (field: string) =>
    `Le champ '${field}' : les appels de fonds doivent être classés par date d'échéance`,
  withoutWorksFund: (field: string) =>
    `Le champ '${field}' doit rester vide : le relevé indique que le syndicat n'a pas de fonds de travaux`,
  sharesBeyondTotal: (field: string, total: number) =>
    `Le champ '${field}' : les tantièmes du lot dépassent ceux de l'immeuble (${total})`,
  lotSharesBeyondTotal: (field: string, sum: number) =>
    `Le champ '${field}' : les tantièmes des lots du vendeur (${sum} au total) dépassent ceux de l'immeuble`,
  worksPlanNoneDated: (field: string) =>
    `Le champ '${field}' doit rester vide : aucun plan pluriannuel de travaux n'est indiqué`,
} as const;

/**
 * The operator console's form of the account statement (libs/statement/statement-form.ts). Fields are
 * keyed by their path in the statement, a status-carrying field by its own path (no `.value`), list
 * items by `[]`; `statement-form.labels.spec.ts` checks that every path of the schema has its label.
 * The names of document kinds are those of the pre-statement (libs/pre-statement/doctype-labels.ts).
 */
const STATEMENT_FORM_FIELDS: Readonly<Record<string, string>> = {
  statementDate: 'Date du relevé de compte',
  'coOwnership.name': 'Nom de la copropriété',
  'coOwnership.address': "Adresse de l'immeuble",
  'coOwnership.zipcode': 'Code postal',
  'coOwnership.city': 'Commune',
  'coOwnership.registrationNumber': "Numéro d'immatriculation au registre national des copropriétés",
  'coOwnership.currentFiscalYear': 'Exercice comptable en cours',
  'coOwnership.currentFiscalYear.start': "Début de l'exercice",
  'coOwnership.currentFiscalYear.end': "Fin de l'exercice",
  'coOwnership.totalShares': "Tantièmes généraux de l'immeuble",
  rulesAmendments: 'Actes modificatifs publiés du règlement ou de l’état descriptif de division',
  'rulesAmendments[].date': "Date de l'acte",
  'rulesAmendments[].title': "Intitulé de l'acte",
  'building.completionYear': "Année d'achèvement de l'immeuble",
  'building.lotCount': 'Nombre de lots',
  'building.heating': 'Chauffage',
  'building.lift': 'Ascenseur',
  'building.energyPerformance': 'DPE collectif',
  'building.energyPerformance.energyClass': 'Classe énergétique',
  'building.energyPerformance.date': 'Date du DPE',
  'building.energyAudit': "Date de l'audit énergétique",
  'building.safeguardPlan': 'Plan de sauvegarde',
  'building.perilOrder': 'Arrêté de péril ou de mise en sécurité',
  'building.worksPlan': 'Plan pluriannuel de travaux',
  'building.worksPlan.state': 'État du plan pluriannuel',
  'building.worksPlan.date': "Date d'adoption ou du projet",
  documentsNotExisting: 'Documents que le syndic déclare inexistants',
  'syndic.name': 'Nom du syndic',
  'syndic.address': 'Adresse du syndic',
  'syndic.phone': 'Téléphone du syndic',
  'syndic.email': 'Courriel du syndic',
  'syndic.mandateEnd': 'Fin du mandat du syndic',
  'generalMeetings.last': 'Dernière assemblée générale',
  'generalMeetings.next': 'Prochaine assemblée générale',
  'generalMeetings.held': 'Assemblées générales tenues au cours des trois dernières années',
  'generalMeetings.held[]': "Date de l'assemblée",
  lots: 'Lots du vendeur',
  'lots[].number': 'Numéro du lot',
  'lots[].description': 'Désignation',
  'lots[].nature': 'Nature du lot',
  'lots[].shares': 'Tantièmes généraux',
  'lots[].annualBudgetShare': 'Quote-part du budget annuel',
  'lots[].worksFundShare': 'Quote-part du fonds de travaux',
  'lots[].owners': 'Copropriétaires inscrits au compte',
  'lots[].owners[].firstname': 'Prénom',
  'lots[].owners[].lastname': 'Nom',
  sellerBalance: 'Solde du compte du vendeur',
  'sellerOwes.budgetProvisionsDue': 'Provisions exigibles du budget prévisionnel',
  'sellerOwes.horsBudgetProvisionsDue': 'Provisions exigibles des dépenses hors budget prévisionnel',
  'sellerOwes.unpaidPreviousYears': 'Charges impayées des exercices antérieurs',
  'sellerOwes.article33Instalments':
    'Sommes devenues exigibles du fait de la vente (article 33 de la loi du 10 juillet 1965)',
  'sellerOwes.advancesDue': 'Avances exigibles',
  'sellerOwes.otherSumsDue': 'Autres sommes dues au syndicat',
  'syndicateOwes.advances': 'Avances versées par le vendeur',
  'syndicateOwes.provisionsMadeDueEarly':
    'Provisions des périodes postérieures rendues exigibles par anticipation (article 19-2)',
  'syndicateOwes.creditBalance': 'Solde créditeur du compte du vendeur',
  'buyerWillBear.advancesToReconstitute': 'Avances à reconstituer',
  'buyerWillBear.budgetProvisionsNotYetDue': 'Provisions non encore exigibles du budget prévisionnel',
  'buyerWillBear.horsBudgetProvisionsNotYetDue': 'Provisions non encore exigibles des dépenses hors budget',
  chargesHistory: 'Charges appelées et payées par le vendeur',
  'chargesHistory[].fiscalYear': 'Exercice',
  'chargesHistory[].fiscalYear.start': "Début de l'exercice",
  'chargesHistory[].fiscalYear.end': "Fin de l'exercice",
  'chargesHistory[].budgetCalled': 'Budget appelé',
  'chargesHistory[].budgetPaid': 'Budget payé',
  'chargesHistory[].horsBudgetCalled': 'Hors budget appelé',
  'chargesHistory[].horsBudgetPaid': 'Hors budget payé',
  callsForFunds: "Appels de fonds de l'exercice en cours",
  'callsForFunds[].dueDate': 'Échéance',
  'callsForFunds[].budget': 'Budget',
  'callsForFunds[].horsBudget': 'Hors budget',
  'syndicate.lastApprovedFiscalYearEnd': 'Clôture du dernier exercice approuvé',
  'syndicate.budget': 'Budget prévisionnel voté pour l’exercice en cours',
  'syndicate.unpaidCharges': 'Impayés de charges au sein du syndicat',
  'syndicate.supplierDebt': 'Dette du syndicat envers les fournisseurs',
  'worksFund.exists': 'Le syndicat a un fonds de travaux',
  'worksFund.lotShare': 'Quote-part du fonds de travaux attachée aux lots vendus',
  'worksFund.lastContribution': 'Dernière cotisation versée par le vendeur',
  'worksFund.lastContributionDate': 'Date de la dernière cotisation',
  votedWorks: 'Travaux votés',
  'votedWorks[].resolution': 'Résolution',
  'votedWorks[].meetingDate': "Date de l'assemblée générale",
  'votedWorks[].total': 'Montant total',
  'votedWorks[].lotShare': 'Part des lots vendus',
  'votedWorks[].called': 'Déjà appelé',
  'votedWorks[].toCall': 'Reste à appeler',
  loans: 'Emprunts collectifs',
  'loans[].purpose': 'Objet',
  'loans[].lender': 'Prêteur',
  'loans[].total': 'Montant emprunté',
  'loans[].lotShareRemaining': 'Reste dû par les lots vendus',
  'loans[].endDate': 'Dernière échéance',
  procedures: 'Procédures en cours',
  'procedures[].nature': 'Nature',
  'procedures[].counterparty': 'Partie adverse',
  'procedures[].stage': 'État de la procédure',
};

export const STATEMENT_FORM_LABELS = {
  /** The état daté's parts, in its order. */
  sections: {
    identification: 'Identification de la copropriété',
    building: 'Immeuble',
    syndic: 'Syndic',
    generalMeetings: 'Assemblées générales',
    lots: 'Lots',
    sellerOwes: "Partie 1 de l'état daté : sommes dues par le vendeur au syndicat",
    syndicateOwes: "Partie 2 de l'état daté : sommes dues au vendeur par le syndicat",
    buyerWillBear: "Partie 3 de l'état daté : sommes qui incomberont à l'acquéreur",
    chargesHistory: 'Charges des deux derniers exercices',
    callsForFunds: "Appels de fonds de l'exercice",
    syndicate: 'Syndicat',
    worksFund: 'Fonds de travaux',
    votedWorks: 'Travaux votés',
    loans: 'Emprunts',
    procedures: 'Procédures',
  },
  fields: STATEMENT_FORM_FIELDS,
  hints: {
    statementDate: 'Date du relevé de compte du vendeur dont les montants sont tirés',
    sellerBalance: 'Positif quand le vendeur doit au syndicat, négatif quand le compte est en sa faveur',
    'building.completionYear': 'Réception des travaux : moins de 15 ans, le plan pluriannuel est sans objet',
    'building.worksPlan.date': "Date de l'assemblée qui l'a adopté, ou du projet",
    documentsNotExisting: "Documents dont le syndic déclare qu'ils n'ont jamais été établis",
    'generalMeetings.held': 'Au cours des trois années précédant le relevé, selon le syndic',
    chargesHistory: "Les deux exercices précédant l'exercice en cours, le plus récent en premier",
    callsForFunds: "Part des lots vendus, dans l'ordre des échéances",
    'worksFund.exists': 'Non : le reste du fonds de travaux est sans objet',
  } as Readonly<Record<string, string>>,
  /** The options of every choice among values, by field path (document kinds: doctype-labels.ts). */
  options: {
    'lots[].nature': { principal: 'Principal (logement, commerce…)', annexe: 'Annexe (cave, parking…)' },
    'building.worksPlan.state': {
      adopted: "Adopté par l'assemblée générale",
      project: 'Projet non encore adopté',
      none: 'Ni plan adopté ni projet',
    },
    'building.energyPerformance.energyClass': {
      A: 'Classe A',
      B: 'Classe B',
      C: 'Classe C',
      D: 'Classe D',
      E: 'Classe E',
      F: 'Classe F',
      G: 'Classe G',
    },
  } as Readonly<Record<string, Readonly<Record<string, string>>>>,
  yes: 'oui',
  no: 'non',
  notCommunicated: 'non communiqué',
  communicated: 'communiqué',
  /** The empty choice of a required select, and of the source document. */
  none: '—',
  source: 'Document source',
  line: (n: number) => `Ligne ${n}`,
  /** A source document no longer among the order's documents. */
  unknownDocument: (id: string) => `Document n° ${id}`,
} as const;

/**
 * Problems of a submitted statement form, each naming the field by its label: `field` is the label in
 * quotes, followed by the lines of the lists it is in, e.g. « Tantièmes généraux » (Lots, ligne 2).
 */
export const STATEMENT_FORM_MESSAGES = {
  field: (label: string, lines: readonly string[]) =>
    lines.length === 0 ? `« ${label} »` : `« ${label} » (${lines.join(' ; ')})`,
  line: (list: string, n: number) => `${list}, ligne ${n}`,
  required: (field: string) => `Le champ ${field} est obligatoire`,
  money: (field: string) => `Le champ ${field} doit être un montant en euros, par exemple 1 234,56`,
  negative: (field: string) => `Le champ ${field} ne peut pas être négatif`,
  date: (field: string) => `Le champ ${field} doit être une date valide, au format JJ/MM/AAAA`,
  integer: (field: string) => `Le champ ${field} doit être un nombre entier`,
  choice: (field: string) => `Le champ ${field} doit être l'une des valeurs proposées`,
  source: (field: string) => `Le document source du champ ${field} n'est pas valide`,
  listStatus: (field: string) => `Le champ ${field} doit être « communiqué » ou « non communiqué »`,
  linesNotCommunicated: (field: string) =>
    `Le champ ${field} est indiqué « non communiqué » mais contient des lignes : ` +
    'choisissez « communiqué », ou videz les lignes',
  listMax: (field: string, max: number) => `Le champ ${field} accepte au plus ${max} lignes`,
} as const;

/**
 * The operator console's wording (apps/api/src/console): the provider's staff read it, in French like
 * everything the service says.
 */
export const CONSOLE_TEXTS = {
  appName: 'Console opérateurs — pré-état daté',
  nav: { queue: 'File d’attente', search: 'Rechercher', logout: 'Se déconnecter' },
  roles: { viewer: 'lecture seule', operator: 'opérateur', admin: 'administrateur' },
  login: {
    title: 'Connexion',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    code: 'Code de vérification (application d’authentification)',
    submit: 'Se connecter',
    expired: 'Votre session a expiré : reconnectez-vous.',
    expiredWithDraft:
      'Votre session a expiré : le formulaire envoyé n’est pas enregistré, mais il est conservé. ' +
      'Reconnectez-vous pour le retrouver tel que vous l’aviez rempli.',
    loggedOut: 'Vous êtes déconnecté.',
    required: 'Connectez-vous pour accéder à la console.',
  },
  queue: {
    title: 'File d’attente',
    intro: 'Commandes réelles qui demandent une intervention, les plus anciennes d’abord.',
    total: (n: number) => (n <= 1 ? `${n} commande` : `${n} commandes`),
    empty: 'Aucune commande ne demande d’intervention.',
    filter: 'Filtrer',
    all: 'Tous',
    reason: 'Motif',
    state: 'État',
    account: 'Compte client (e-mail)',
    columns: {
      order: 'Commande',
      externalId: 'Référence client',
      account: 'Compte',
      state: 'État',
      method: 'Méthode',
      reason: 'Motif',
      age: 'En attente depuis',
      address: 'Adresse',
    },
    previous: 'Page précédente',
    next: 'Page suivante',
  },
  search: {
    title: 'Rechercher une commande',
    label: 'N° de commande, référence client, e-mail du compte ou adresse',
    submit: 'Rechercher',
    none: 'Aucune commande ne correspond.',
    results: (n: number) => (n <= 1 ? `${n} résultat` : `${n} résultats`),
    columns: { created: 'Créée le', mode: 'Traitement', test: 'Mode test' },
  },
  reasons: {
    no_connector: 'Aucun connecteur pour ce syndic',
    destination_refused: 'Adresse de l’extranet refusée',
    no_credentials: 'Identifiants du syndic absents',
    connector_failed: 'Échec durable du connecteur',
    credentials_refused: 'Identifiants refusés par l’extranet, sans actualisation',
    upload_order: 'Dépôt de documents : chiffres à saisir',
    operator_switch: 'Passée en traitement assisté par un opérateur',
    processing_failed: 'Échec durable du traitement : à examiner',
  },
  states: {
    confirmed: 'confirmée',
    received: 'reçue',
    waiting: 'en attente de documents',
    done: 'terminée',
    'need-refresh': 'à actualiser',
  },
  modes: {
    automatic: 'automatique',
    assisted: 'assisté',
    none: 'à déterminer',
    sandbox: 'bac à sable (mode test)',
  },
  methods: { extranet: 'extranet du syndic', upload: 'dépôt de documents' },
  yes: 'oui',
  no: 'non',
  none: '—',
  order: {
    title: (orderid: string) => `Commande ${orderid}`,
    sections: {
      summary: 'Commande',
      fulfilment: 'Traitement',
      property: 'Bien et vendeurs',
      access: 'Accès à l’extranet du syndic',
      documents: 'Documents',
      existence: 'Documents inexistants dans la copropriété',
      statement: 'Relevé de compte',
      timeline: 'Chronologie',
      notifications: 'Notifications au client',
      audit: 'Journal des actions des opérateurs',
      preStatement: 'Pré-état daté',
    },
    fields: {
      account: 'Compte client',
      externalId: 'Référence client',
      state: 'État',
      testMode: 'Mode test',
      method: 'Méthode',
      created: 'Créée le',
      updated: 'Mise à jour le',
      version: 'Tour de collecte',
      mode: 'Traitement',
      reason: 'Motif',
      since: 'Depuis',
      detail: 'Détail technique',
      cancelled: 'Annulée le',
      cancelReason: 'Motif de l’annulation',
      missing: 'Documents obligatoires manquants',
      address: 'Adresse du bien',
      lots: 'Lots',
      owners: 'Vendeurs',
      allDuePaid: 'Vendeur à jour de ses charges (déclaration)',
      comment: 'Commentaire interne du client',
      syndic: 'Syndic',
      url: 'Adresse de l’extranet',
      username: 'Identifiant',
      password: 'Mot de passe',
      temporal: 'Exécution dans Temporal',
    },
    openTemporal: 'Ouvrir le workflow dans l’interface Temporal',
    passwordHidden: 'masqué',
    reveal: 'Afficher les identifiants du vendeur',
    revealHint: 'L’affichage est tracé dans le journal des actions.',
    revealed: 'Identifiants affichés : cet affichage est tracé dans le journal des actions.',
    readOnly: 'Votre rôle est en lecture seule : aucune action n’est proposée.',
    statementCurrent: 'Relevé de compte du tour de collecte en cours.',
    statementPrevious:
      'Relevé d’un tour précédent, repris comme point de départ : enregistrez-le pour ce tour.',
    statementNone: 'Aucun relevé de compte n’est encore déposé.',
    statementReadOnly:
      'Le relevé ne peut être modifié que sur une commande en traitement assisté, non terminée.',
    noDocuments: 'Aucun document pour ce tour de collecte.',
    noEvents: 'Aucun évènement.',
    noNotifications: 'Aucune notification.',
    noAudit: 'Aucune action d’opérateur.',
    preStatementMissing: 'Le pré-état daté n’est pas encore produit.',
    downloadPreStatement: 'Télécharger le pré-état daté',
    downloadDossier: 'Télécharger le dossier complet',
    documentColumns: {
      type: 'Type',
      kind: 'Nature',
      title: 'Titre',
      date: 'Date',
      source: 'Origine',
      size: 'Taille',
      open: 'Ouvrir',
    },
    download: 'Télécharger',
    kindUnstated: 'non précisée',
    preview: 'Aperçu',
    previewTitle: (title: string) => `Aperçu : ${title}`,
    closePreview: 'Fermer l’aperçu',
    sources: { extranet: 'extranet', upload: 'client', operator: 'opérateur', dossier: 'dossier' },
    timelineColumns: { at: 'Date', change: 'Changement', detail: 'Détail' },
    notificationColumns: {
      created: 'Créée le',
      status: 'Statut',
      outcome: 'Remise',
      attempts: 'Tentatives',
      lastError: 'Dernière erreur',
    },
    attempt: (at: string, status: string, latency: string) => `${at} — ${status} — ${latency}`,
    /** The four conditions of a notification in the delivery log (README, Notifications). */
    notificationOutcome: {
      delivered: (at: string) => `remise le ${at}`,
      failed: (at: string) => `abandonnée le ${at}`,
      notSent: (at: string) => `non envoyée le ${at} : ni la commande ni le compte n’ont d’URL de rappel`,
      pending: 'en cours d’envoi',
    },
    notificationStatus: (state: string, code: string, test: boolean) =>
      `${state} (${code}${test ? ', notification de test' : ''})`,
    redeliver: 'Renvoyer',
    /** In place of _Renvoyer_ while neither the order nor its account has a callback URL. */
    noCallbackUrl: 'Aucune URL de rappel',
    auditColumns: { at: 'Date', operator: 'Opérateur', action: 'Action', detail: 'Détail' },
  },
  actions: {
    switch: 'Passer en traitement assisté',
    switchNote: 'Motif (obligatoire)',
    handBack: 'Rendre au traitement automatique',
    handBackHint: 'La commande est de nouveau orientée : un connecteur la reprend s’il en existe un.',
    cancel: 'Annuler le traitement',
    cancelReason: 'Motif de l’annulation (obligatoire)',
    cancelHint: 'La commande reste dans son état ; seule une actualisation par le client la rouvre.',
    release: 'Produire le pré-état daté',
    releaseHint:
      'Le pré-état daté est produit à partir du relevé déposé ; les documents encore manquants y sont listés.',
    attach: 'Joindre les documents',
    attachFile: (n: number) => `Fichier ${n}`,
    attachKind: 'Nature du document',
    attachHint: 'PDF, PNG ou JPEG. Les fichiers rejoignent le tour de collecte en cours.',
    // A browser never puts a file back in a file input, nor does the page.
    attachAgain: 'Aucun fichier n’a été joint : choisissez-les de nouveau.',
    existenceKind: 'Document',
    markNotExisting: 'N’existe pas dans cette copropriété',
    markExisting: 'Existe (retirer la mention)',
    existenceHint: 'Un document inexistant n’est pas « manquant » : le pré-état daté l’indique comme tel.',
    existenceMarked: { false: 'inexistant (opérateur)', true: 'existe (opérateur)' },
    existenceStated: 'inexistant (selon le relevé de compte)',
    saveStatement: 'Enregistrer le relevé de compte',
  },
  done: {
    statement_filed: 'Relevé de compte enregistré.',
    documents_attached: 'Documents joints.',
    document_existence_marked: 'Mention enregistrée.',
    released: 'Pré-état daté produit.',
    handed_back: 'Commande rendue au traitement automatique.',
    switched_to_assisted: 'Commande passée en traitement assisté.',
    cancelled: 'Traitement de la commande annulé.',
    redelivered: 'Notification renvoyée.',
  },
  actionNames: {
    statement_filed: 'Relevé de compte déposé',
    documents_attached: 'Documents joints',
    document_existence_marked: 'Existence d’un document indiquée',
    released: 'Pré-état daté lancé',
    handed_back: 'Rendue au traitement automatique',
    switched_to_assisted: 'Passée en traitement assisté',
    cancelled: 'Traitement annulé',
    syndic_access_revealed: 'Identifiants du vendeur affichés',
    notification_redelivered: 'Notification renvoyée au client',
  },
  triggers: {
    'collection-started': 'collecte effectuée',
    'documents-missing': 'documents manquants',
    'documents-arrived': 'documents reçus',
    'waiting-deadline-reached': 'délai d’attente écoulé',
    'credentials-refused': 'identifiants refusés par l’extranet',
    'pre-statement-generated': 'pré-état daté produit',
    'refresh-requested': 'actualisation demandée par le client',
    'statement-filed': 'relevé de compte déposé par un opérateur',
    'released-with-missing-documents': 'lancée par un opérateur malgré des documents manquants',
    'fulfilment-assisted': 'confiée aux opérateurs',
    'collection-blocked': 'collecte bloquée',
    'order-created': 'commande créée',
  } as Record<string, string>,
  /** What the timeline and the operators' journal say of each change (apps/api/src/console/views/event-detail.ts). */
  details: {
    by: (email: string) => `par ${email}`,
    firstFiling: 'premier dépôt',
    changed: (fields: readonly string[]) => `champs modifiés : ${fields.join(', ')}`,
    unchanged: 'aucun champ modifié',
    documents: (documents: readonly string[]) => `documents : ${documents.join(', ')}`,
    existence: (kind: string, state: string) => `${kind} : ${state}`,
    exists: 'existe',
    notExisting: 'inexistant',
    missing: (doctypes: readonly string[]) => `documents manquants : ${doctypes.join(', ')}`,
    previousReason: (reason: string) => `motif précédent : ${reason}`,
    reason: (reason: string) => `motif : ${reason}`,
    technical: (detail: string) => `détail technique : ${detail}`,
    comment: (comment: string) => `commentaire : ${comment}`,
    allDuePaid: (answer: string) => `vendeur à jour de ses charges : ${answer}`,
    method: (method: string) => `méthode : ${method}`,
    notification: (id: string) => `notification ${id}`,
    /** Codes of the events' reasons that are not a reason for assistance (those are `reasons`). */
    reasons: { extranet_credentials_refused: 'identifiants refusés par l’extranet' } as Record<
      string,
      string
    >,
  },
  errors: {
    title: 'Erreur',
    back: 'Retour à la file d’attente',
    backToOrder: 'Retour à la commande',
    csrf: 'Formulaire expiré ou d’une autre origine : rechargez la page et recommencez.',
    draftKept:
      'Votre session avait expiré quand vous avez envoyé ce formulaire : rien n’est enregistré. ' +
      'Il est repris ci-dessous tel que vous l’aviez rempli ; vérifiez-le, puis renvoyez-le.',
    staleForm:
      'Ce formulaire venait d’une page affichée avant votre dernière connexion : rien n’est enregistré. ' +
      'Il est repris ci-dessous tel que vous l’aviez rempli ; vérifiez-le, puis renvoyez-le.',
    form: 'Le formulaire doit être envoyé par les pages de la console.',
    malformedForm: 'Le formulaire reçu est incomplet ou mal formé : renvoyez-le depuis la page.',
    tooLarge: 'Les fichiers envoyés sont trop volumineux.',
    notFound: 'Page ou commande introuvable.',
    internal: (errorId: string) => `Erreur interne (référence ${errorId}).`,
    formInvalid: 'Le formulaire n’est pas enregistré : corrigez ce qui est signalé, puis renvoyez-le.',
  },
} as const;
