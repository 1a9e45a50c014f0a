#!/usr/bin/env sh
# File search through the bundled utils server (useutils=true roots it at the working directory).
cd "$(dirname "$0")/.." || exit 1
exec npx mini-a goal="Which TypeScript files under src/spill mention 'maxBytes'? Answer with the paths only." \
  useutils=true usetools=true "$@"
