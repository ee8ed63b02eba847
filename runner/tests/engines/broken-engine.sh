#!/bin/sh
# A deliberately broken GTP engine for the runner's failure tests. It answers list_commands and
# gorules-features like a gorules engine, and then, on the first gorules-setup, misbehaves as $1 says:
#   crash     - exits with status 3
#   signal    - kills itself with SIGKILL
#   hang      - stops answering
#   garbage   - answers with a line that is not a GTP response
#   long-line - writes an endless line, without a newline
#   not-utf8  - answers with bytes that are not UTF-8
#   wrong-id  - answers with the id 999
#   deaf      - stops reading its input and answers `=` again and again, without ids
#   wrong     - does not misbehave there: answers every command with an empty success, a wrong answer
# With a second argument, a file, it first starts a child (`sleep 300`) and writes the child's pid there, as an
# engine behind a wrapper script would leave a process running.
mode="$1"
if [ -n "$2" ]; then
  sleep 300 &
  echo $! > "$2"
fi
while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed -n 's/^\([0-9][0-9]*\) .*/\1/p')
  cmd=$(printf '%s' "$line" | sed 's/^[0-9][0-9]* //' | cut -d' ' -f1)
  case "$cmd" in
    list_commands)
      printf '=%s gorules-features\ngorules-ruleset\ngorules-setup\ngorules-legal\ngorules-position\ngorules-state\ngorules-prisoners\nplay\n\n' "$id" ;;
    gorules-features)
      printf '=%s capture suicide-prohibited basic-ko fixed-ko simple-ko\n\n' "$id" ;;
    gorules-setup)
      case "$mode" in
        crash) exit 3 ;;
        signal) kill -KILL $$ ;;
        hang) sleep 30 ;;
        garbage) printf 'this is not a response\n\n' ;;
        long-line) yes | tr -d '\n' ;;
        not-utf8) printf '=%s \377\376\n\n' "$id" ;;
        wrong-id) printf '=999\n\n' ;;
        deaf) while :; do printf '=\n\n'; done ;;
        *) printf '=%s\n\n' "$id" ;;
      esac ;;
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
