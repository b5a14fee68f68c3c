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
  document_link_invalid: () => 'Lien de document invalide',
  document_link_expired: () =>
    'Ce lien de document a expiré : relancez la notification pour obtenir un nouveau lien',
  test_mode_only: () => 'Les notifications de test ne concernent que les commandes en mode test',
  route_not_found: () => 'Ressource introuvable',
  method_not_allowed: () => 'Méthode non autorisée pour cette ressource',
  payload_too_large: () => 'Le corps de la requête est trop volumineux',
  unsupported_media_type: () =>
    'Le corps de la requête doit être au format JSON (Content-Type: application/json)',
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
  rate_limited: () => 'Trop de requêtes, veuillez réessayer plus tard',
  operator_login_failed: () => 'Adresse e-mail, mot de passe ou code de vérification incorrect',
  operator_locked: (d) =>
    'Trop de tentatives de connexion infructueuses : le compte est verrouillé, réessayez dans ' +
    `${d.minutes} minute${Number(d.minutes) > 1 ? 's' : ''}`,
  dependency_unavailable: () => 'Service temporairement indisponible, veuillez réessayer plus tard',
  internal_error: (d) => `Erreur interne du serveur (référence ${d.errorId})`,
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
  url: (field: string) => `Le champ '${field}' doit être une URL http(s) valide`,
  urlCredentials: (field: string) =>
    `Le champ '${field}' ne doit pas contenir d'identifiants (utilisateur:mot de passe@) : ` +
    "ils vont dans 'username' et 'password'",
  urlRefusedAddress: (field: string) =>
    `Le champ '${field}' désigne une adresse interdite (boucle locale, réseau privé, lien local ` +
    'ou service de métadonnées) : donnez l’adresse publique de l’extranet',
  integerRange: (field: string, min: number, max: number) =>
    `Le champ '${field}' doit être un entier entre ${min} et ${max}`,
  stateFilter: (values: readonly string[]) => `Le paramètre 'state' doit valoir ${values.join(', ')}`,
  cursor: () => "Le paramètre 'cursor' n'est pas valide",
  base64: (field: string) => `Le champ '${field}' doit être encodé en base64`,
  pdf: (field: string) => `Le champ '${field}' doit contenir un fichier PDF valide`,
  documentItem: (index: number, reason: string) => `Document n°${index} : ${reason}`,
  filename: (field: string) =>
    `Le champ '${field}' doit être un nom de fichier, sans séparateur de chemin (/ ou \\) ni caractère de contrôle`,
  contentType: (field: string, mimetype: string) =>
    `Le champ '${field}' ne contient pas un fichier de type '${mimetype}'`,
  nullCharacter: (field: string) => `Le champ '${field}' ne doit pas contenir de caractère nul (\\u0000)`,
  nestingTooDeep: (max: number) =>
    `Le corps de la requête est trop profondément imbriqué (${max} niveaux au plus)`,
  codecBody: () =>
    'Le corps doit être de la forme {"payloads": [{"metadata": {…}, "data": "…"}]}, valeurs en base64',
  codecUndecodable: (index: number) =>
    `Charge utile n°${index} indéchiffrable : clé inconnue ou données altérées`,
} as const;

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
  text: (field: string, max: number) =>
    `Le champ '${field}' doit être un texte non vide de ${max} caractères au plus`,
  integer: (field: string, min: number, max: number) =>
    `Le champ '${field}' doit être un entier entre ${min} et ${max}`,
  namePart: (field: string, max: number) =>
    `Le champ '${field}' doit être une chaîne de ${max} caractères au plus`,
  cents: (field: string) => `Le champ '${field}' doit être un montant positif ou nul en centimes (entier)`,
  signedCents: (field: string) => `Le champ '${field}' doit être un montant en centimes (entier)`,
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
} as const;
