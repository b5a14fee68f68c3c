#!/usr/bin/env bash
# The whole flow of the pre-statement order API with curl: authenticate, create a test-mode order,
# poll it until it is done, request a refresh, poll again, download the pre-statement PDF.
#
#   API_BASE_URL=http://localhost:3000 API_KEY=psk_live_… EMAIL=etude@example.fr PASSWORD='…' \
#     bash examples/curl/flow.sh
#
# Needs bash, curl and node (JSON is read with `node -e`: jq is not assumed). Optional: OUTPUT_DIR
# (where the PDF goes, default .), POLL_INTERVAL (seconds, default 2), POLL_TIMEOUT (whole seconds, default 300).
set -euo pipefail

: "${API_BASE_URL:?set API_BASE_URL, e.g. http://localhost:3000}"
: "${API_KEY:?set API_KEY (the psk_live_… key of the account)}"
: "${EMAIL:?set EMAIL (email of the account)}"
: "${PASSWORD:?set PASSWORD (password of the account)}"
OUTPUT_DIR="${OUTPUT_DIR:-.}"
POLL_INTERVAL="${POLL_INTERVAL:-2}"
POLL_TIMEOUT="${POLL_TIMEOUT:-300}"
BASE="${API_BASE_URL%/}"
BODY_FILE="$(mktemp)"
trap 'rm -f "$BODY_FILE"' EXIT

# Prints one field of the JSON document on stdin, e.g. `json_field payload.orderid`.
json_field() {
  node -e '
    let text = "";
    process.stdin.on("data", (chunk) => (text += chunk));
    process.stdin.on("end", () => {
      const value = process.argv[1].split(".").reduce((node, key) => (node == null ? node : node[key]), JSON.parse(text));
      process.stdout.write(value == null ? "" : String(value));
    });
  ' "$1"
}

# Encodes a shell string as a JSON string (quotes included).
json_string() {
  node -e 'process.stdout.write(JSON.stringify(process.argv[1]))' "$1"
}

# api METHOD PATH [JSON_BODY]: the answer's body goes to $BODY_FILE, its status to stdout.
api() {
  local method="$1" path="$2" body="${3:-}"
  local args=(-sS -X "$method" -o "$BODY_FILE" -w '%{http_code}' -H "X-Auth-Key: $API_KEY")
  if [[ -n "${TOKEN:-}" ]]; then args+=(-H "Authorization: Bearer $TOKEN"); fi
  if [[ -n "$body" ]]; then args+=(-H 'Content-Type: application/json' --data-binary "$body"); fi
  curl "${args[@]}" "$BASE$path"
}

# expect_status STATUS ACTUAL WHAT: stops with the service's message when the status differs.
expect_status() {
  if [[ "$2" != "$1" ]]; then
    echo "$3 failed: HTTP $2: $(json_field message <"$BODY_FILE")" >&2
    exit 1
  fi
}

# wait_for_state ORDERID STATE: polls GET /order/<orderid> until the order reaches STATE.
wait_for_state() {
  local orderid="$1" wanted="$2" state="" deadline=$((SECONDS + POLL_TIMEOUT))
  while true; do
    expect_status 200 "$(api GET "/order/$orderid")" "GET /order/$orderid"
    state="$(json_field payload.state <"$BODY_FILE")"
    echo "order $orderid: $state"
    if [[ "$state" == "$wanted" ]]; then return 0; fi
    if ((SECONDS >= deadline)); then
      echo "order $orderid is still $state after ${POLL_TIMEOUT}s" >&2
      exit 1
    fi
    sleep "$POLL_INTERVAL"
  done
}

# 1. Authenticate: the API key and the account's email and password give an access token (JWT).
status="$(api POST /account/auth "{\"email\": $(json_string "$EMAIL"), \"password\": $(json_string "$PASSWORD")}")"
expect_status 200 "$status" 'POST /account/auth'
TOKEN="$(json_field payload.access_token <"$BODY_FILE")"
echo "authenticated as $EMAIL (token valid $(json_field payload.expires_in <"$BODY_FILE") s)"

# 2. Create a test-mode order: the sandbox extranet answers, no email is sent, the PDF is a specimen.
#    The Idempotency-Key makes a retry of this very request safe.
ORDER='{
  "address": "12 rue des Lilas",
  "additional": "",
  "city": "Lyon",
  "zipcode": "69003",
  "owners": [{"firstname": "Marie", "lastname": "Dupont"}],
  "invoice": {"address": "3 place Bellecour", "city": "Lyon", "zipcode": "69002", "lastname": "Étude Martin"},
  "method": "extranet",
  "syndic": {"name": "Foncia", "username": "marie.dupont", "password": "mot-de-passe-extranet"},
  "all_due_paid": false,
  "external_id": "DOSSIER-42",
  "test_mode": true
}'
status="$(api POST /order/ "$ORDER")"
expect_status 200 "$status" 'POST /order/'
ORDERID="$(json_field payload.orderid <"$BODY_FILE")"
echo "created order $ORDERID ($(json_field message <"$BODY_FILE"))"

# 3. Poll until done (a real integration would rather wait for the signed `done` notification).
wait_for_state "$ORDERID" done

# 4. Refresh: the order goes back to need-refresh, then is processed again with the known credentials.
status="$(api POST "/order/$ORDERID/refresh" '{"all_due_paid": true, "comment": "Nouvel appel de fonds reçu"}')"
expect_status 200 "$status" "POST /order/$ORDERID/refresh"
echo "refresh requested: $(json_field payload.state <"$BODY_FILE")"
wait_for_state "$ORDERID" done

# 5. Download the pre-statement PDF.
mkdir -p "$OUTPUT_DIR"
PDF="$OUTPUT_DIR/pre-etat-date-$ORDERID.pdf"
status="$(curl -sS -o "$PDF" -w '%{http_code}' -H "X-Auth-Key: $API_KEY" -H "Authorization: Bearer $TOKEN" \
  "$BASE/order/$ORDERID/document")"
if [[ "$status" != 200 ]]; then
  echo "GET /order/$ORDERID/document failed: HTTP $status" >&2
  exit 1
fi
echo "order $ORDERID done, pre-statement saved to $PDF"
