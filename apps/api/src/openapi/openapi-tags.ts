/** Sections of the OpenAPI document, in the order an integrator meets them. */
export const OPENAPI_TAGS = {
  auth: { name: 'Authentification', description: 'Obtenir le jeton d’accès (JWT) avec la clé API' },
  orders: { name: 'Commandes', description: 'Créer, lire et rafraîchir les commandes de pré-état daté' },
  documents: {
    name: 'Documents',
    description: 'Envoyer les documents (méthode upload) et télécharger le pré-état daté terminé',
  },
  notifications: {
    name: 'Notifications',
    description: 'Journal de livraison des webhooks, relivraison, liens signés vers les documents',
  },
  testMode: { name: 'Mode test', description: 'Simuler les notifications d’une commande en mode test' },
  operations: { name: 'Exploitation', description: 'Santé, métriques et codec Temporal (opérateurs)' },
  documentation: { name: 'Documentation', description: 'Ce document OpenAPI et son interface interactive' },
} as const;
