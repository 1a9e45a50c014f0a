#!/usr/bin/env sh
# A question for the time server. Needs a model: OPENAI_API_KEY (+ OPENAI_BASE_URL) or OAF_MODEL.
cd "$(dirname "$0")/.." || exit 1
exec npx mini-a goal="What time is it now in Tokyo, and how many hours ahead of Lisbon is that?" \
  mcp="[(bundled: time)]" usetools=true "$@"
