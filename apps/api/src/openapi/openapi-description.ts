/** The introduction of the OpenAPI document (Markdown, French): what an integrator reads first. */
export const OPENAPI_DESCRIPTION = `
Commande de **pré-état daté** : le service se connecte à l’extranet du syndic avec les identifiants du
vendeur (ou reçoit les documents du client), attend au besoin les documents manquants, produit le
pré-état daté (PDF) et notifie chaque changement d’état à l’URL de rappel du client.

## Parcours
1. \`POST /account/auth\` avec \`X-Auth-Key: <clé API>\` et \`{"email", "password"}\` : un jeton d’accès
   (JWT) valable \`expires_in\` secondes.
2. Toutes les autres routes portent **les deux en-têtes** \`X-Auth-Key: <clé API>\` et
   \`Authorization: Bearer <jeton>\`.
3. \`POST /order/\` crée la commande (\`confirmed\`), puis \`received\`, éventuellement \`waiting\`, enfin
   \`done\` ; \`POST /order/{orderid}/refresh\` la repasse à \`need-refresh\`.
4. Chaque changement d’état envoie une notification (webhook) ; celle de \`done\` porte le PDF en base64
   dans \`content\`. \`GET /order/{orderid}/document\` le télécharge aussi, et
   \`GET /order/{orderid}/dossier\` le dossier complet (le pré-état daté suivi de ses annexes).

Les comptes et les clés API sont créés par l’opérateur (CLI), aucune route ne le fait.

## Traitement assisté
Quand aucun connecteur ne peut collecter une commande réelle (pas de connecteur pour ce syndic, pas
d’extranet, accès refusé, commande \`upload\` dont les chiffres se lisent dans les documents), les
opérateurs du prestataire la traitent à la main (console \`/console\`, hors de cette API) ; la commande
passe par les mêmes états publiés et les mêmes notifications, et le pré-état daté n’est jamais tiré de
données inventées. Seule différence visible : une commande \`waiting\` en traitement assisté attend la
décision d’un opérateur plutôt que le délai d’attente.

## Enveloppe
Toutes les réponses JSON, succès comme erreurs, ont la forme
\`{"message": …, "payload": …, "success": …}\` (clés dans l’ordre alphabétique) ; en erreur
\`payload\` vaut \`null\` et \`message\` explique le problème en français.

| statut | cas |
|---|---|
| 200 | succès, création comprise |
| 400 | corps invalide (le message nomme le champ), JSON mal formé (avec la position) ou imbriqué sur plus de 32 niveaux, clé API manquante ou inconnue |
| 401 | e-mail ou mot de passe faux ; jeton manquant, mal formé, expiré ou d’un autre compte |
| 404 | commande inconnue ou d’un autre compte |
| 409 | action impossible dans l’état de la commande ; clé d’idempotence réutilisée |
| 413 | corps trop volumineux (1 Mio ; 30 Mio là où voyagent des documents ; 16 Kio pour \`/account/auth\`) |
| 415 | corps non JSON |
| 429 | trop de requêtes (en-tête \`Retry-After\`) |
| 500 | erreur inattendue (le message donne une référence) |
| 503 | base de données ou Temporal indisponible |

## En-têtes
- \`X-Request-Id\` : renvoyé sur chaque réponse (celui de la requête s’il est fourni, sinon un nouveau) ;
  le citer au support.
- \`Idempotency-Key\` (facultatif, \`POST /order/\`) : rejouer une création sans doublon.

## Mode test
\`"test_mode": true\` : aucun e-mail de confirmation, l’extranet de démonstration est utilisé quel que soit
le syndic, et le PDF porte la mention « SPÉCIMEN ». Le scénario dépend de \`syndic.username\` :
\`sandbox-missing-docs\` (passe par \`waiting\`), \`sandbox-bad-credentials\` (identifiants refusés),
\`sandbox-slow\` (extranet lent), toute autre valeur (directement \`done\`).
\`POST /test/webhook-events\` simule une notification.

## Notifications (webhooks)
\`POST\` JSON vers l’URL de rappel du compte (ou \`callback_url\` de la commande) : \`status\`, \`orderid\`,
\`external_id\`, et pour \`done\` \`content\` (PDF en base64) ainsi que, selon le contrat du compte,
\`registration_id\` et \`documents\`. Signées selon **Standard Webhooks** avec le secret \`whsec_…\` du
compte : en-têtes \`webhook-id\` (stable d’une tentative à l’autre), \`webhook-timestamp\`,
\`webhook-signature\` (\`v1,<HMAC-SHA256 base64>\` ; après un changement de secret, une signature par
secret, séparées par une espace, pendant le délai de grâce) ; la bibliothèque \`standardwebhooks\` les
vérifie telle quelle. Succès : une réponse 2xx en moins de 15 s ; sinon nouvelles tentatives pendant au moins
3 jours, dans l’ordre des changements d’état.
`.trim();
