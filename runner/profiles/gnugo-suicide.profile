# GNU Go 3.8 allowing suicide of more than one stone (`--allow-all-suicide`), simple ko.
command: /usr/games/gnugo --mode gtp --allow-all-suicide
features: capture suicide-allowed simple-ko
