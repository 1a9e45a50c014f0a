#!/usr/bin/env sh
# No model needed: query the example database, keep the 20,000-row result in a spill directory,
# then read it back from separate commands (stat, grep) — the shell-first chain.
set -e
cd "$(dirname "$0")/.."
DIR=$(mktemp -d)
DB="mcp=[(bundled: db, args: ['--db', examples/shop.sqlite])]"
FILE=$(npx mini-a dispatch='{"action":"call","tool":"query","arguments":{"sql":"SELECT * FROM order_totals","limit":50000},"resultToFile":true}' "$DB" spilldir="$DIR" quiet=true \
  | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).resultFile))')
echo "spilled to $FILE"
npx mini-a dispatch="{\"action\":\"readresult\",\"resultFile\":\"$FILE\"}" spilldir="$DIR" format=pretty
npx mini-a dispatch="{\"action\":\"readresult\",\"resultFile\":\"$FILE\",\"op\":\"grep\",\"pattern\":\"refunded\",\"lines\":3,\"context\":2}" spilldir="$DIR" format=pretty
rm -rf "$DIR"
