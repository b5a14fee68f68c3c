#!/bin/sh
# Runs the Temporal server, all its services in one process, with config/temporal.yaml: the compose
# file's `temporal` service and scripts/cluster-stack.js both start it through this script.
#   TEMPORAL_SERVER       the binary (default: temporal-server on PATH, as in the Temporal image)
#   TEMPORAL_SERVER_CONFIG_FILE_PATH  the configuration (default: where the compose file mounts
#                                     config/temporal.yaml)
# The rest of the configuration comes from the environment: see config/temporal.yaml.
set -eu
if [ "${BIND_ON_IP:-127.0.0.1}" = 0.0.0.0 ] && [ -z "${TEMPORAL_BROADCAST_ADDRESS:-}" ]; then
  # Listening on every interface, the services must still tell each other one address to reach them.
  TEMPORAL_BROADCAST_ADDRESS=$(hostname -i | awk '{print $1}')
  export TEMPORAL_BROADCAST_ADDRESS
fi
# No authorizer: the frontend is reachable only by the service's own processes (compose network,
# loopback); see the README's Operations section.
exec "${TEMPORAL_SERVER:-temporal-server}" --config-file "${TEMPORAL_SERVER_CONFIG_FILE_PATH:-/etc/temporal/config/temporal.yaml}" \
  --allow-no-auth start
