# GNU Go 3.8 as Debian ships it (`apt-get install gnugo`), with its default rules:
# the simple ko rule, suicide forbidden. It speaks standard GTP with GNU Go's extensions
# (is_legal, list_stones, captures) and plays square boards only.
command: /usr/games/gnugo --mode gtp
features: capture suicide-prohibited simple-ko
