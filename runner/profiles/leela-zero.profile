# Leela Zero 0.17 as Debian ships it (`apt-get install leela-zero`), started with a network of zero weights that
# `runner/engines/leela-zero-network.sh` writes (run it from the checkout first; `.ci/run` does). Its rules, as
# its authors state them and its search applies them: positional superko, suicide forbidden. It speaks standard
# GTP only (no is_legal, list_stones or captures): the runner reads its stones with final_status_list and asks
# legality with play and undo (PROTO-6.4, PROTO-6.5). It plays 19x19 only. One visit a move, one thread, no
# pondering, on the CPU: the suite never asks it for a good move.
command: /usr/games/leelaz --gtp --noponder --quiet --cpu-only -t 1 -v 1 -w target/leela-zero/zero-weights.txt
features: capture suicide-prohibited positional-superko
sizes: 19
