# GNU Go 3.8 with positional superko (`--positional-superko`), suicide forbidden.
command: /usr/games/gnugo --mode gtp --positional-superko
features: capture suicide-prohibited positional-superko
