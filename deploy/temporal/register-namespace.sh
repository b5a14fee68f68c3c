#!/bin/sh
# Waits for the Temporal frontend, creates the namespace and the orders' custom search attributes;
# safe to run at every start (what exists is left alone). Used by the compose file's `temporal-init`
# service and by scripts/cluster-stack.js.
#   TEMPORAL_CLI  the Temporal CLI (default: temporal on PATH, as in the admin-tools image)
set -eu
: "${TEMPORAL_ADDRESS:?}"
NS="${TEMPORAL_NAMESPACE:-default}"
temporal() { "${TEMPORAL_CLI:-temporal}" "$@"; }
until temporal operator cluster health >/dev/null 2>&1; do
  echo "waiting for Temporal at $TEMPORAL_ADDRESS"
  sleep 2
done
temporal operator namespace describe --namespace "$NS" >/dev/null 2>&1 ||
  temporal operator namespace create --namespace "$NS" --retention "${TEMPORAL_RETENTION:-30d}"
# A new namespace reaches the server's other services with their namespace cache, seconds later.
until temporal operator search-attribute list --namespace "$NS" >/dev/null 2>&1; do
  echo "waiting for namespace $NS"
  sleep 2
done
for attribute in OrderId:Keyword Account:Keyword ExternalId:Keyword OrderState:Keyword TestMode:Bool; do
  name="${attribute%%:*}"
  type="${attribute##*:}"
  if temporal operator search-attribute list --namespace "$NS" | grep -qw "$name"; then
    echo "search attribute $name exists"
  else
    temporal operator search-attribute create --namespace "$NS" --name "$name" --type "$type"
  fi
done
echo "Temporal namespace $NS ready"
