#!/usr/bin/env bash
# expect.sh CODE REGEX -- COMMAND...: runs COMMAND and passes when it exits with CODE and its
# stderr matches the extended regular expression REGEX (stdout and stderr are echoed).
set -uo pipefail
code="$1"
regex="$2"
shift 3
err=$(mktemp)
"$@" 2>"$err"
status=$?
cat "$err" >&2
if [[ $status -ne $code ]]; then
  echo "expect.sh: exit status $status, expected $code" >&2
  rm -f "$err"
  exit 1
fi
if ! grep -Eq -- "$regex" "$err"; then
  echo "expect.sh: stderr does not match: $regex" >&2
  rm -f "$err"
  exit 1
fi
rm -f "$err"
