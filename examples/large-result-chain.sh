#!/usr/bin/env sh
# A large result the model never reads whole: 20,000 order rows spill to a file (over the
# 8,000-byte threshold), then the model greps and slices it. Prints the savings at the end.
cd "$(dirname "$0")/.." || exit 1
exec npx mini-a goal="Using the shop database, list every order with its status (all rows of order_totals, limit 50000), then tell me how many of them are refunded. Keep the big result in a file and grep it." \
  mcp="[(bundled: db, args: ['--db', examples/shop.sqlite])]" mcpproxythreshold=8000 usetools=true "$@"
