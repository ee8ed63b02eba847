# GNU Go 3.8 as Debian ships it (`apt-get install gnugo`), with its default rules:
# the simple ko rule, suicide forbidden. It speaks standard GTP with GNU Go's extensions
# (is_legal, list_stones, captures) and plays square boards only. Its default rules are Japanese
# (`--japanese-rules`): its final_score counts territory and prisoners, so the final_score checks of the
# Japanese 1989 cases (CASE-11.2) are asked of it, with the dead stones its own estimate removes.
command: /usr/games/gnugo --mode gtp
features: capture suicide-prohibited simple-ko
# Its final_status_list (alive, dead, seki) is its own estimate of life and death, not the confirmation of
# J89-7: the status checks of the Japanese 1989 cases are run and any difference is labelled an estimate.
estimates: j89-confirmation
