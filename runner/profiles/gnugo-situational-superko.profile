# GNU Go 3.8 with situational superko (`--situational-superko`), suicide forbidden.
command: /usr/games/gnugo --mode gtp --situational-superko
features: capture suicide-prohibited situational-superko
