#!/usr/bin/env bash
# `npm run security:scan`: sqlmap (Debian's package) against the API's parameters on a local server.
#   1. a production build in its own folder (SCAN_DIST, default .next-scan; --no-build reuses it)
#   2. scripts/e2e-server.mjs on 127.0.0.1:SCAN_PORT (3360) with a fresh PGlite data dir, demo mode
#   3. a shopper logs in (demo SMS code), saves an address, orders a service and starts a payment,
#      so the ids in paths and bodies are real
#   4. sqlmap --batch on every target below: query parameters, path segments (the * marker), JSON
#      bodies and the session token (as the auth-token cookie), as that shopper (token +
#      X-Requested-With headers); at level 3 sqlmap also tries the User-Agent and Referer headers
#   5. a summary (targets, parameters tested, findings); the exit status is 1 on any finding
# Techniques: boolean-based blind, error-based and UNION (BEU) at --level 3 --risk 2 against
# PostgreSQL (the shop's only database, PGlite included). Time-based blind and stacked queries (T, S:
# both detected by sleeping, 5 s per probe) are skipped to keep the scan within a few minutes;
# SCAN_TECHNIQUE=BEUST runs them too. Only 127.0.0.1 is ever targeted.
set -uo pipefail
cd "$(dirname "$0")/.."

PORT="${SCAN_PORT:-3360}"
DIST="${SCAN_DIST:-.next-scan}"
BASE="http://127.0.0.1:${PORT}"
LEVEL="${SCAN_LEVEL:-3}"
RISK="${SCAN_RISK:-2}"
TECHNIQUE="${SCAN_TECHNIQUE:-BEU}"
export NEXT_TELEMETRY_DISABLED=1

command -v sqlmap >/dev/null || { echo "sqlmap is missing: apt-get install -y sqlmap"; exit 2; }

if [[ " $* " != *" --no-build "* || ! -f "$DIST/BUILD_ID" ]]; then
  echo "==> next build → $DIST"
  tsconfig="$(cat tsconfig.json)"
  node scripts/write-build-meta.mjs && SITE_URL="$BASE" NEXT_DIST_DIR="$DIST" npx next build >/dev/null
  status=$?
  # next build adds "<distDir>/types/**/*.ts" to tsconfig.json for a custom distDir; put it back.
  [ "$(cat tsconfig.json)" = "$tsconfig" ] || printf '%s\n' "$tsconfig" > tsconfig.json
  [ "$status" -eq 0 ] || { echo "build failed"; exit 2; }
fi

work="$(mktemp -d /tmp/shop-sqlmap-XXXXXX)"
echo "==> server on $BASE (logs in $work/server.log)"
E2E_PORT="$PORT" NEXT_DIST_DIR="$DIST" LOG_LEVEL=warn node scripts/e2e-server.mjs >"$work/server.log" 2>&1 &
server=$!
cleanup() {
  kill -TERM "$server" 2>/dev/null
  wait "$server" 2>/dev/null
}
trap cleanup EXIT
for _ in $(seq 1 120); do
  curl -fs "$BASE/api/v1/health" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { echo "the server exited:"; tail -20 "$work/server.log"; exit 2; }
  sleep 0.5
done
curl -fs "$BASE/api/v1/health" >/dev/null || { echo "the server did not start"; exit 2; }

echo "==> a shopper with an address, an order and a payment"
setup="$(BASE="$BASE" node --input-type=module -e '
const base = process.env.BASE + "/api/v1";
const XRW = { "x-requested-with": "XMLHttpRequest", "content-type": "application/json" };
async function api(path, { body, token, method } = {}) {
  const res = await fetch(base + path, { method: method ?? (body === undefined ? "GET" : "POST"), headers: { ...XRW, ...(token ? { token } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  if (json.resultCode !== 200) throw new Error(`${path}: ${json.message}`);
  return json.data;
}
const phone = "137" + String(Date.now()).slice(-8);
const { devCode } = await api("/auth/sms-code", { body: { phone } });
const { token } = await api("/auth/login", { body: { phone, code: devCode, agree: true } });
const address = await api("/addresses", { token, body: { name: "张三", tel: "13912345678", province: "安徽省", city: "合肥市", county: "蜀山区", areaCode: "340104", addressDetail: "望江西路 800 号", isDefault: true } });
const device = (await api("/products/10909")).skus[0].id;
const service = (await api("/products/10920")).skus[0].id;
const order = await api("/orders", { token, body: { items: [{ skuId: service, quantity: 1 }], idempotencyKey: "scan-" + Date.now() } });
const payment = await api("/payments", { token, body: { orderNo: order.orderNo, channel: "wechat_native" } });
console.log(`TOKEN=${token} PHONE=${phone} ADDRESS=${address.id} DEVICE_SKU=${device} SERVICE_SKU=${service} ORDER=${order.orderNo} PAYMENT=${payment.paymentNo}`);
')" || { echo "setup failed"; exit 2; }
eval "$setup"
echo "    order $ORDER, payment $PAYMENT, address $ADDRESS"

# name|method|url|json body ("" for none)|test the token (1)
targets=(
  "products list|GET|$BASE/api/v1/products?category=earphones&q=Q1&page=1&pageSize=12||"
  "product by id|GET|$BASE/api/v1/products/10909*||"
  "orders list|GET|$BASE/api/v1/orders?status=pending_payment&page=1&pageSize=10||"
  "order by number|GET|$BASE/api/v1/orders/$ORDER*||"
  "payment by number|GET|$BASE/api/v1/payments/$PAYMENT*||"
  "session token|GET|$BASE/api/v1/user/profile||1"
  "cart items|POST|$BASE/api/v1/cart/items|{\"skuId\":$DEVICE_SKU,\"quantity\":1}|"
  "addresses|POST|$BASE/api/v1/addresses|{\"name\":\"李四\",\"tel\":\"13912345678\",\"province\":\"安徽省\",\"city\":\"合肥市\",\"county\":\"蜀山区\",\"areaCode\":\"340104\",\"addressDetail\":\"长江西路 1 号\",\"isDefault\":false}|"
  "order preview|POST|$BASE/api/v1/orders/preview|{\"items\":[{\"skuId\":$DEVICE_SKU,\"quantity\":1}],\"addressId\":$ADDRESS}|"
  "login|POST|$BASE/api/v1/auth/login|{\"phone\":\"$PHONE\",\"code\":\"123456\",\"agree\":true}|"
  "payments|POST|$BASE/api/v1/payments|{\"orderNo\":\"$ORDER\",\"channel\":\"wechat_native\"}|"
  "product reviews|GET|$BASE/api/v1/products/10909/reviews?filter=photos&page=1||"
  "favorite|PUT|$BASE/api/v1/favorites/10909*||"
  "history|POST|$BASE/api/v1/user/history|{\"productId\":10909}|"
)

started=$(date +%s)
n=0
for t in "${targets[@]}"; do
  IFS='|' read -r name method url body marktoken <<<"$t"
  n=$((n + 1))
  case "$url" in "$BASE"/*) ;; *) echo "refusing a target outside $BASE: $url"; exit 2 ;; esac
  log="$work/target-$n.log"
  args=(-u "$url" --method "$method" --batch --disable-coloring --flush-session --output-dir "$work/out"
        --level "$LEVEL" --risk "$RISK" --technique "$TECHNIQUE" --dbms PostgreSQL --threads 4
        -H "X-Requested-With: XMLHttpRequest")
  # The token itself: sqlmap ignores a * marker in a custom header, so it goes as the auth-token
  # cookie (the same session lookup, tokenFromRequest) and only that cookie is tested.
  if [ -n "$marktoken" ]; then args+=(--cookie "auth-token=$TOKEN" -p auth-token --ignore-code 401 --answers "URI injections=N,anti-CSRF=N"); else args+=(-H "token: $TOKEN"); fi
  [ -n "$body" ] && args+=(--data "$body")
  printf '==> %2d %-18s %s %s\n' "$n" "$name" "$method" "${url#"$BASE"}"
  t0=$(date +%s)
  sqlmap "${args[@]}" >"$log" 2>&1
  printf '    %ss\n' $(( $(date +%s) - t0 ))
done

# sqlmap's verdicts: "… parameter 'x' does not seem to be injectable" per clean parameter. A finding is
# what sqlmap confirms: the "identified the following injection point(s)" block ("Parameter: x (place)")
# or "is vulnerable". A parameter that "appears to be … injectable" and then fails sqlmap's own
# false-positive check ends as "does not seem to be injectable"; those are counted apart.
tested=0
findings=0
rejected=0
for log in "$work"/target-*.log; do
  tested=$(( tested + $(grep -cE "parameter '[^']+' does not seem to be injectable" "$log") ))
  rejected=$(( rejected + $(grep -c "false positive or unexploitable injection point detected" "$log") ))
  hits=$(grep -E "^Parameter: |is vulnerable|following injection point" "$log" || true)
  if [ -n "$hits" ]; then
    findings=$(( findings + $(grep -cE "^Parameter: |is vulnerable" "$log") ))
    echo "FINDING in $log:"; printf '%s\n' "$hits"
  fi
  grep -qE "\[CRITICAL\] (connection|unable to connect)" "$log" && echo "note ($log): $(grep -m1 -E '\[CRITICAL\]' "$log")"
done
tested=$(( tested + findings ))
echo
echo "sqlmap summary: ${#targets[@]} targets, $tested parameters tested (level $LEVEL, risk $RISK, techniques $TECHNIQUE), findings: $findings (candidates sqlmap itself rejected as false positives: $rejected), $(( $(date +%s) - started ))s"
echo "logs: $work"
[ "$findings" -eq 0 ] || exit 1
