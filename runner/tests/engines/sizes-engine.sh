#!/bin/sh
# A standard GTP engine that takes 19x19 boards only, for the tests of board sizes (PROTO-6.3). It writes every
# boardsize and rectangular_boardsize command it is sent to the file $1 (and refuses every rectangular size), and
# answers every other command with an empty success. With a
# second argument `late`, it takes every size the first time it is asked and refuses it every time after.
log="$1"
late="$2"
while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed -n 's/^\([0-9][0-9]*\) .*/\1/p')
  rest=$(printf '%s' "$line" | sed 's/^[0-9][0-9]* //')
  cmd=$(printf '%s' "$rest" | cut -d' ' -f1)
  case "$cmd" in
    list_commands)
      printf '=%s boardsize\nrectangular_boardsize\nclear_board\nplay\nundo\nlist_stones\ncaptures\nquit\n\n' "$id" ;;
    boardsize|rectangular_boardsize)
      if [ "$late" = late ]; then
        if grep -qx "$rest" "$log" 2>/dev/null; then printf '?%s unacceptable size\n\n' "$id"; else printf '=%s\n\n' "$id"; fi
        printf '%s\n' "$rest" >> "$log"
        continue
      fi
      printf '%s\n' "$rest" >> "$log"
      if [ "$rest" = "boardsize 19" ]; then printf '=%s\n\n' "$id"; else printf '?%s unacceptable size\n\n' "$id"; fi ;;
    quit) printf '=%s\n\n' "$id"; exit 0 ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
