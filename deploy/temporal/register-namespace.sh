#!/bin/sh
# Waits for the Temporal frontend, creates the namespace and the orders' custom search attributes;
# safe to run at every start (what exists is left alone).
set -eu
: "${TEMPORAL_ADDRESS:?}"
NS="${TEMPORAL_NAMESPACE:-default}"
until temporal operator cluster health >/dev/null 2>&1; do
  echo "waiting for Temporal at $TEMPORAL_ADDRESS"
  sleep 2
done
temporal operator namespace describe --namespace "$NS" >/dev/null 2>&1 ||
  temporal operator namespace create --namespace "$NS" --retention "${TEMPORAL_RETENTION:-30d}"
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
