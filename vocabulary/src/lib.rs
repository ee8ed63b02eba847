//! The gorules vocabulary: every word that case files, engine profiles, the engine protocol and the runner share
//! (spec/cases.md, spec/protocol.md). Each kind of word is an enum generated with its ONE name table by
//! [`vocabulary!`]: `name()`, `FromStr` (an error that names the unknown word and lists the known ones), `ALL`,
//! `Display` and serde's `Deserialize` (through the same parse, so a case file's error is placed at the word).
//!
//! A new rule option is one edit here (its key in the ruleset's option enum and, if it takes words, the enum of
//! its values) plus its semantics in `gorules-ref`; ARCHITECTURE.md, "How to add a rule option".

use std::fmt;
use std::marker::PhantomData;

/// A kind of word with one name table: every value once, with the one word that names it.
pub trait Word: Copy + Eq + 'static {
    /// The name table: each value with its word, in the order of the enum.
    const TABLE: &'static [(Self, &'static str)];
    /// What a word of this kind is, for messages (`feature`, `ko rule`, ...).
    const WHAT: &'static str;

    /// The value's word, as cases, profiles and the protocol write it.
    fn word(self) -> &'static str {
        Self::TABLE
            .iter()
            .find(|(v, _)| *v == self)
            .map(|(_, w)| *w)
            .expect("every value is in its name table")
    }

    /// Every word of this kind, in the table's order.
    fn words() -> Vec<&'static str> {
        Self::TABLE.iter().map(|(_, w)| *w).collect()
    }

    /// The value a word names; the error names the word and lists the known ones.
    fn parse_word(text: &str) -> Result<Self, UnknownWord> {
        Self::TABLE
            .iter()
            .find(|(_, w)| *w == text)
            .map(|(v, _)| *v)
            .ok_or_else(|| UnknownWord {
                what: Self::WHAT,
                word: text.to_string(),
                known: Self::words(),
            })
    }
}

/// A word the vocabulary does not have: which kind was expected, the word, and the words it knows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownWord {
    /// What kind of word was expected.
    pub what: &'static str,
    /// The word found.
    pub word: String,
    /// The words of that kind the vocabulary knows.
    pub known: Vec<&'static str>,
}

impl fmt::Display for UnknownWord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} `{}`, expected one of {}",
            self.what,
            self.word,
            self.known.join(", ")
        )
    }
}

impl UnknownWord {
    /// What was expected, for a protocol's `? syntax error: expected ...` (PROTO-1): `a feature (capture, ...),
    /// found `word``.
    pub fn expected(&self) -> String {
        format!(
            "a {} ({}), found `{}`",
            self.what,
            self.known.join(", "),
            self.word
        )
    }
}

impl std::error::Error for UnknownWord {}

impl From<UnknownWord> for String {
    fn from(e: UnknownWord) -> String {
        e.to_string()
    }
}

/// Reads a word of kind `T` while the deserializer is on its scalar, so that an error is placed at the word.
struct WordVisitor<T>(PhantomData<T>);

impl<T: Word> serde::de::Visitor<'_> for WordVisitor<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a {} ({})", T::WHAT, T::words().join(", "))
    }
    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<T, E> {
        T::parse_word(s).map_err(E::custom)
    }
}

/// Deserializes a word of kind `T` (for `#[serde(deserialize_with)]` and the generated `Deserialize`).
pub fn deserialize_word<'de, T: Word, D: serde::Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    d.deserialize_str(WordVisitor(PhantomData))
}

/// Defines a kind of word: the enum, and its one name table (`Variant = "word"`), from which `name()`,
/// `FromStr`, `Display`, `Deserialize` and `ALL` all come. Outer attributes go on the enum (a
/// `#[derive(Default)]` with `#[default]` on a variant gives the reference's reading).
#[macro_export]
macro_rules! vocabulary {
    (
        $(#[$doc:meta])*
        $name:ident, $what:literal {
            $( $(#[$vdoc:meta])* $variant:ident = $word:literal ),+ $(,)?
        }
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $( $(#[$vdoc])* $variant ),+
        }

        impl $crate::Word for $name {
            const TABLE: &'static [($name, &'static str)] = &[$(($name::$variant, $word)),+];
            const WHAT: &'static str = $what;
        }

        impl $name {
            /// Every value, in the order of the name table.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value's word, as cases, profiles and the protocol write it.
            pub fn name(self) -> &'static str {
                <$name as $crate::Word>::word(self)
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::UnknownWord;
            fn from_str(text: &str) -> Result<$name, $crate::UnknownWord> {
                <$name as $crate::Word>::parse_word(text)
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                $crate::deserialize_word(d)
            }
        }
    };
}

/// A rule option as the protocol writes it: `KEY=VALUE`.
pub fn option_arg(key: impl fmt::Display, value: impl fmt::Display) -> String {
    format!("{key}={value}")
}

/// PROTO-3.2, PROTO-9.1, PROTO-10: splits `KEY=VALUE` and reads its key as an option of kind `K`. The error says
/// what was expected (`KEY=VALUE, found ...`, or [`UnknownWord::expected`]), for `? syntax error: expected ...`.
pub fn parse_option<K: Word>(text: &str) -> Result<(K, &str), String> {
    let (k, v) = text
        .split_once('=')
        .ok_or_else(|| format!("KEY=VALUE, found `{text}`"))?;
    Ok((K::parse_word(k).map_err(|e| e.expected())?, v))
}

vocabulary!(
    /// CASE-5: a rule feature, which cases need and engines implement (`gorules-features`, PROTO-3.1).
    Feature, "feature" {
        /// CORE-5.2: capture.
        Capture = "capture",
        /// CORE-5.4: suicide is illegal.
        SuicideProhibited = "suicide-prohibited",
        /// CORE-5.4: suicide is legal.
        SuicideAllowed = "suicide-allowed",
        /// KO-1.
        BasicKo = "basic-ko",
        /// KO-2.
        FixedKo = "fixed-ko",
        /// KO-3.
        SimpleKo = "simple-ko",
        /// KO-4.
        PositionalSuperko = "positional-superko",
        /// KO-5.
        SituationalSuperko = "situational-superko",
        /// NAJ-2: the alternation.
        NajAlternation = "naj-alternation",
        /// NAJ-3: the analyses.
        NajAnalysis = "naj-analysis",
        /// NAJ-5: immortal stones.
        NajImmortal = "naj-immortal",
        /// NAJ-6: control.
        NajControl = "naj-control",
        /// NAJ-7: scoring.
        NajScore = "naj-score",
        /// NAJ-9.2: an analysis ended by two passes.
        NajTwoPassAnalysis = "naj-two-pass-analysis",
        /// NAJ-9.3: a single analysis.
        NajSingleAnalysis = "naj-single-analysis",
        /// NAJ-9.1: NAJN, a cycle ends the game without result.
        NajnNoResult = "najn-no-result",
        /// NAJ-9.4: the Japanese 2003 comparison.
        J2003 = "j2003",
        /// SOLVER: values under best play.
        NajBestPlay = "naj-best-play",
        /// KEE-1 to KEE-13: the Kee Rules.
        Kee = "kee",
        /// KEE-10: suicide allowed.
        KeeSuicideAllowed = "kee-suicide-allowed",
        /// KEE-9: allied groups as single units.
        KeeSingleUnitGroups = "kee-single-unit-groups",
        /// KEE-15: territory scoring.
        KeeTerritory = "kee-territory",
        /// KEE-5(c): no refreshing passes.
        KeeNoRefreshingPasses = "kee-no-refreshing-passes",
        /// KEE-12.2: every pass counts when the ko player is chosen.
        KeeKoPlayerAllPasses = "kee-ko-player-all-passes",
        /// SOLVER-7: values of Kee games.
        KeeSolver = "kee-solver",
        /// J89-7: the confirmation of life and death.
        J89Confirmation = "j89-confirmation",
        /// J89-8, J89-10: territory and score.
        J89Territory = "j89-territory",
        /// J89-9 to J89-14: the game.
        J89Game = "j89-game",
        /// J89-13: Article 13.
        J89Article13 = "j89-article-13",
        /// KO-6.
        OnePlay = "one-play",
        /// KODEF-2: the default restriction rules' move-sequence (its cycle-end and 3-pass ends).
        DefaultRestriction = "default-restriction",
        /// KODEF-6.1: basic-ko-intersections.
        BasicKoIntersections = "basic-ko-intersections",
        /// KODEF-6.2: local-ko-intersections, by search.
        LocalKoIntersections = "local-ko-intersections",
        /// KODEF-6.3: global-ko-intersections, by search.
        GlobalKoIntersections = "global-ko-intersections",
        /// KODEF-4.1, KODEF-4.5, KODEF-4.6: the force and answer-force questions with their explaining lines.
        ForceQuestions = "force-questions",
        /// SCORE-2: the stone rule class (stones on the board are the score; two passes end).
        StoneScoring = "stone-scoring",
        /// SCORE-3: the simple area rule class (stones and monochromely surrounded points; two passes end).
        AreaScoring = "area-scoring",
        /// SCORE-4: the agreement area rule class (two passes stop, agreed removals, two more passes end).
        AgreementArea = "agreement-area",
        /// COUNT-1 to COUNT-8: the counting methods (`gorules-count`, PROTO-13).
        Counting = "counting",
    }
);

vocabulary!(
    /// COUNT-2 to COUNT-8: a counting method, as a `count` check names it (CASE-12) and `gorules-count` takes it.
    CountMethod, "counting method" {
        /// COUNT-2: stone counting (the stones rearranged).
        Stone = "stone",
        /// COUNT-3: point-by-point counting of both areas.
        PointByPoint = "point-by-point",
        /// COUNT-4: point-by-point half counting (Black's area against half the board).
        Half = "half",
        /// COUNT-5: Chinese half counting (Black's empty points rearranged into tens, then his stones).
        ChineseHalf = "chinese-half",
        /// COUNT-6: Japanese territory counting (prisoners put back into the territories).
        Territory = "territory",
        /// COUNT-7, COUNT-8: fill-in counting (equal supplies, komi stones, losing stones).
        FillIn = "fill-in",
    }
);

vocabulary!(
    /// CORE-5, KO-1..KO-5: why a move is illegal, named by the rule that forbids it (cases' `illegal REASON`,
    /// `gorules-legal`'s answer, PROTO-3.5).
    Reason, "reason" {
        /// CORE-5.1: the intersection already holds a stone.
        Occupied = "occupied",
        /// CORE-5.4: the mover's string would have no liberty.
        Suicide = "suicide",
        /// KO-1.
        BasicKo = "basic-ko",
        /// KO-2.
        FixedKo = "fixed-ko",
        /// KO-3.
        SimpleKo = "simple-ko",
        /// KO-4.
        PositionalSuperko = "positional-superko",
        /// KO-5.
        SituationalSuperko = "situational-superko",
        /// KO-6.
        OnePlay = "one-play",
    }
);

vocabulary!(
    /// KO-1..KO-6: a ko rule, as the core ruleset's `ko` option lists them.
    KoRule, "ko rule" {
        /// KO-1.
        BasicKo = "basic-ko",
        /// KO-2.
        FixedKo = "fixed-ko",
        /// KO-3.
        SimpleKo = "simple-ko",
        /// KO-4.
        PositionalSuperko = "positional-superko",
        /// KO-5.
        SituationalSuperko = "situational-superko",
        /// KO-6.
        OnePlay = "one-play",
    }
);

impl From<KoRule> for Reason {
    /// KO: a play a ko rule forbids is illegal for that rule.
    fn from(rule: KoRule) -> Reason {
        match rule {
            KoRule::BasicKo => Reason::BasicKo,
            KoRule::FixedKo => Reason::FixedKo,
            KoRule::SimpleKo => Reason::SimpleKo,
            KoRule::PositionalSuperko => Reason::PositionalSuperko,
            KoRule::SituationalSuperko => Reason::SituationalSuperko,
            KoRule::OnePlay => Reason::OnePlay,
        }
    }
}

vocabulary!(
    /// CORE-5.4, KEE-10: the suicide rule (the core ruleset's and the Kee rules' `suicide` option).
    #[derive(Default)]
    Suicide, "suicide rule" {
        /// Suicide is illegal.
        #[default]
        Prohibited = "prohibited",
        /// Suicide is legal and removes the suicidal string.
        Allowed = "allowed",
    }
);

vocabulary!(
    /// CASE-2, PROTO-3.3: the move-sequence a check's moves belong to.
    #[derive(Default)]
    Phase, "phase" {
        /// NAJ-2: from the board with the side to move; two passes end it.
        #[default]
        Alternation = "alternation",
        /// NAJ-3.1: White first, from the board as final-position.
        BlackAnalysis = "black-analysis",
        /// NAJ-3.2: Black first, from the board as final-position.
        WhiteAnalysis = "white-analysis",
        /// NAJ-9.3: the single analysis, Black first.
        Analysis = "analysis",
        /// A bare move-sequence with no end condition.
        Sequence = "sequence",
        /// KODEF-2: a move-sequence under the default restriction rules, ended by three passes or the cycle-end rule.
        DefaultRestriction = "default-restriction",
    }
);

vocabulary!(
    /// KODEF-4, CASE-13.2, PROTO-14.2: a forcing question.
    ForceQuestion, "forcing question" {
        /// KODEF-4.1: can the second mover force the duty?
        Force = "force",
        /// KODEF-4.5: can the first mover answer-force a cycle against the duty?
        AnswerForce = "answer-force",
    }
);

vocabulary!(
    /// KODEF-6.2, KODEF-6.3, CASE-13.2, PROTO-14.2: the duty of a forcing question.
    DutyKind, "duty" {
        /// KODEF-6.2: no local-area-improvement for the first mover on the region.
        Local = "local",
        /// KODEF-6.3: no win for the first mover at the komi.
        Global = "global",
    }
);

vocabulary!(
    /// KODEF-4.6, PROTO-14.2: what the end of a forcing question's explaining line shows.
    LineEnd, "end of an explaining line" {
        /// The duty is kept.
        Kept = "kept",
        /// The duty is broken.
        Broken = "broken",
        /// The duty is kept and a wanted cycle occurred.
        Cycle = "cycle",
        /// The duty is kept and no wanted cycle occurred.
        NoCycle = "no-cycle",
    }
);

vocabulary!(
    /// KODEF-6, CASE-13, PROTO-14: a type of ko-intersection.
    KoIntersectionKind, "kind of ko-intersection" {
        /// KODEF-6.1.
        Basic = "basic",
        /// KODEF-6.2.
        Local = "local",
        /// KODEF-6.3.
        Global = "global",
    }
);

vocabulary!(
    /// PROTO-3.7, CASE-4.2: how a move-sequence ended (`gorules-state`'s `ended=`, a replay's `end_reason`).
    EndReason, "end reason" {
        /// CORE-7.2, NAJ-2, KODEF-2.4: the passes that end the phase.
        Passes = "passes",
        /// NAJ-9.1: a cycle ended the alternation without result.
        NoResult = "no-result",
        /// KODEF-2.5: the cycle-end rule.
        CycleEnd = "cycle-end",
    }
);

vocabulary!(
    /// CASE-1.3, PROTO-3.2: a ruleset's name.
    RulesetName, "ruleset" {
        /// spec/naj.md.
        Naj = "naj",
        /// spec/core.md and spec/ko.md alone.
        Core = "core",
        /// spec/japanese-1989.md.
        Japanese1989 = "japanese-1989",
        /// SCORE-2: stone scoring on the core play rules.
        Stone = "stone",
        /// SCORE-3: simple area scoring on the core play rules.
        Area = "area",
        /// SCORE-4: agreement area scoring on the core play rules.
        AgreementArea = "agreement-area",
    }
);

vocabulary!(
    /// PROTO-12.1: the options of `gorules-ruleset stone|area|agreement-area` (SCORE-1.3).
    ClassOption, "rule class option" {
        /// KO-1..KO-5: [`KoRule`]s, comma separated.
        Ko = "ko",
        /// CORE-5.4: [`Suicide`].
        Suicide = "suicide",
        /// SCORE-1.4: komi, a multiple of 0.5.
        Komi = "komi",
    }
);

vocabulary!(
    /// PROTO-3.2: the options of `gorules-ruleset naj`.
    NajOption, "naj option" {
        /// NAJ-3.4, NAJ-9.2: `2` or `3`.
        AnalysisEndPasses = "analysis_end_passes",
        /// NAJ-9.3: [`Analyses`].
        Analyses = "analyses",
        /// NAJ-9.1: `true` or `false`.
        NoResultOnCycle = "no_result_on_cycle",
        /// NAJ-7.5: an integer.
        Komi = "komi",
    }
);

vocabulary!(
    /// NAJ-9.3: how many analyses.
    #[derive(Default)]
    Analyses, "number of analyses" {
        /// The black-analysis and the white-analysis (NAJ).
        #[default]
        Two = "two",
        /// One analysis, Black first (variant).
        Single = "single",
    }
);

vocabulary!(
    /// PROTO-3.2: the options of `gorules-ruleset core`.
    CoreOption, "core option" {
        /// KO-1..KO-5: [`KoRule`]s, comma separated.
        Ko = "ko",
        /// CORE-5.4: [`Suicide`].
        Suicide = "suicide",
        /// KODEF-R1: [`KodefCycle`].
        Cycle = "cycle",
        /// KODEF-R2: [`KodefCycleEnd`].
        CycleEnd = "cycle_end",
        /// KODEF-R13: [`KodefHistoryBans`].
        HistoryBans = "history_bans",
        /// KODEF-R4: [`KodefBasicKo`].
        BasicKo = "basic_ko",
        /// KODEF-R8: [`KodefCycleSet`].
        CycleSet = "cycle_set",
    }
);

impl CoreOption {
    /// The words this option takes (empty for `ko`, a comma-separated list of [`KoRule`]s).
    pub fn values(self) -> Vec<&'static str> {
        match self {
            CoreOption::Ko => Vec::new(),
            CoreOption::Suicide => Suicide::words(),
            CoreOption::Cycle => KodefCycle::words(),
            CoreOption::CycleEnd => KodefCycleEnd::words(),
            CoreOption::HistoryBans => KodefHistoryBans::words(),
            CoreOption::BasicKo => KodefBasicKo::words(),
            CoreOption::CycleSet => KodefCycleSet::words(),
        }
    }
}

vocabulary!(
    /// KODEF-R1: which returns to the start-position are cycles.
    #[derive(Default)]
    KodefCycle, "cycle value" {
        /// Every left-part with a play that ends at the start-position (the reference's reading).
        #[default]
        Any = "any",
        /// Only those with no earlier such left-part inside them.
        Minimal = "minimal",
    }
);

vocabulary!(
    /// KODEF-R8: the cycle-set of a set of cycles, on which a local analysis's duty is.
    #[derive(Default)]
    KodefCycleSet, "cycle_set value" {
        /// Every cycle of the set has the same cycle-set (the reference's reading).
        #[default]
        Common = "common",
        /// The union of the cycles' sets.
        Union = "union",
        /// Their intersection.
        Intersection = "intersection",
    }
);

vocabulary!(
    /// KODEF-R2: from when the cycle-end rule counts a recurrence of the start situation.
    #[derive(Default)]
    KodefCycleEnd, "cycle_end value" {
        /// From the last earlier recurrence (the reference's reading).
        #[default]
        LastRecurrence = "last-recurrence",
        /// From the start of the move-sequence.
        FromStart = "from-start",
        /// Any recurrence, passes alone included.
        WithPassCycles = "with-pass-cycles",
    }
);

vocabulary!(
    /// KODEF-R13: which ko bans of the game before the analysis a global-ko-intersection takes.
    #[derive(Default)]
    KodefHistoryBans, "history_bans value" {
        /// None (the reference's reading).
        #[default]
        None = "none",
        /// The basic-ko ban of the game's last move.
        BasicKo = "basic-ko",
        /// That ban and every transition a play of the game made.
        AllTransitions = "all-transitions",
    }
);

vocabulary!(
    /// KODEF-R4: what a basic ko is.
    #[derive(Default)]
    KodefBasicKo, "basic_ko value" {
        /// The shape alone (the reference's reading).
        #[default]
        Shape = "shape",
        /// The shape, the capture legal now for the player to move.
        CapturableNow = "capturable-now",
        /// The shape, the capture not banned: legal now for the player to move, or for the other player after a
        /// pass.
        NotBanned = "not-banned",
    }
);

vocabulary!(
    /// PROTO-10, CASE-9.1: the options of `gorules-ruleset japanese-1989` (J89-R), named as cases name them.
    J89Option, "japanese-1989 option" {
        /// J89-R12: [`ConfirmationBoard`].
        ConfirmationBoard = "confirmation_board",
        /// J89-R5: [`NewStone`].
        NewStone = "new_stone",
        /// J89-R1: [`SekiStones`].
        SekiStones = "seki_stones",
        /// J89-R6: [`DeadOutside`].
        DeadOutsideTerritory = "dead_outside_territory",
        /// J89-R8: [`DeadInRegions`].
        DeadInRegions = "dead_in_regions",
        /// J89-R7: [`KoPass`].
        KoPass = "ko_pass",
        /// J89-R2: [`Confirmation`].
        Confirmation = "confirmation",
        /// J89-R5: [`ConfirmationFirst`].
        ConfirmationFirst = "confirmation_first",
        /// J89-R3: [`RecaptureAfterPass`].
        RecaptureAfterPass = "recapture_after_pass",
        /// J89-R10: [`Repetition`].
        Repetition = "repetition",
        /// J89-R11: [`IllegalMove`].
        IllegalMove = "illegal_move",
        /// J89-R9: [`FillDame`].
        FillDame = "fill_dame",
        /// J89-R4: [`Article13`].
        Article13 = "article_13",
        /// J89-10.2: komi, a multiple of 0.5.
        Komi = "komi",
    }
);

impl J89Option {
    /// The words this option takes (empty for komi, a number).
    pub fn values(self) -> Vec<&'static str> {
        match self {
            J89Option::ConfirmationBoard => ConfirmationBoard::words(),
            J89Option::NewStone => NewStone::words(),
            J89Option::SekiStones => SekiStones::words(),
            J89Option::DeadOutsideTerritory => DeadOutside::words(),
            J89Option::DeadInRegions => DeadInRegions::words(),
            J89Option::KoPass => KoPass::words(),
            J89Option::Confirmation => Confirmation::words(),
            J89Option::ConfirmationFirst => ConfirmationFirst::words(),
            J89Option::RecaptureAfterPass => RecaptureAfterPass::words(),
            J89Option::Repetition => Repetition::words(),
            J89Option::IllegalMove => IllegalMove::words(),
            J89Option::FillDame => FillDame::words(),
            J89Option::Article13 => Article13::words(),
            J89Option::Komi => Vec::new(),
        }
    }
}

vocabulary!(
    /// J89-R12: where the confirmation plays.
    #[derive(Default)]
    ConfirmationBoard, "confirmation_board value" {
        /// Every point but the settled eye spaces (the reference's reading).
        #[default]
        Contested = "contested",
        /// Every point of the board.
        Whole = "whole",
    }
);

vocabulary!(
    /// J89-R5: which new stones keep a captured string alive.
    #[derive(Default)]
    NewStone, "new_stone value" {
        /// On one of the string's points or next to one (the reference's reading).
        #[default]
        Adjacent = "adjacent",
        /// On one of the string's points.
        OnCapturedPoints = "on-captured-points",
        /// Anywhere the owner had no stone at the stop.
        Anywhere = "anywhere",
    }
);

vocabulary!(
    /// J89-R1: which live stones a dame puts in seki.
    #[derive(Default)]
    SekiStones, "seki_stones value" {
        /// The whole group (the reference's reading).
        #[default]
        Groups = "groups",
        /// Only the strings next to a dame.
        Strings = "strings",
    }
);

vocabulary!(
    /// J89-R6: dead stones outside territory.
    #[derive(Default)]
    DeadOutside, "dead_outside_territory value" {
        /// They stay on the board (the reference's reading).
        #[default]
        Stay = "stay",
        /// They are removed as prisoners.
        Remove = "remove",
    }
);

vocabulary!(
    /// J89-R8: which dead stones a player's regions take in.
    #[derive(Default)]
    DeadInRegions, "dead_in_regions value" {
        /// The opponent's dead stones (the reference's reading).
        #[default]
        Opponent = "opponent",
        /// None.
        None = "none",
        /// Dead stones of both colours.
        Both = "both",
    }
);

vocabulary!(
    /// J89-R7: how a pass pays for a ko recapture in the confirmation.
    #[derive(Default)]
    KoPass, "ko_pass value" {
        /// Each pass names the capture it pays for (the reference's reading).
        #[default]
        Designated = "designated",
        /// A pass for a ko names none.
        Pooled = "pooled",
    }
);

vocabulary!(
    /// J89-R2: whose confirmation decides the statuses.
    #[derive(Default)]
    Confirmation, "confirmation value" {
        /// Perfect play by both sides (the reference's reading).
        #[default]
        PerfectPlay = "perfect-play",
        /// The confirmation the players played.
        AsPlayed = "as-played",
    }
);

vocabulary!(
    /// J89-R5: who moves first in a string's confirmation.
    #[derive(Default)]
    ConfirmationFirst, "confirmation_first value" {
        /// The string owner's opponent (the reference's reading).
        #[default]
        Attacker = "attacker",
        /// The string's owner.
        Defender = "defender",
    }
);

vocabulary!(
    /// J89-R3: whether a pass lifts the simple-ko ban.
    #[derive(Default)]
    RecaptureAfterPass, "recapture_after_pass value" {
        /// The reference's reading.
        #[default]
        Allowed = "allowed",
        /// The ban outlasts a pass.
        Forbidden = "forbidden",
    }
);

vocabulary!(
    /// J89-R10: what a repetition does without agreement.
    #[derive(Default)]
    Repetition, "repetition value" {
        /// Play continues (the reference's reading).
        #[default]
        Continue = "continue",
        /// The game ends without result.
        NoResult = "no-result",
        /// The game ends in jigo.
        Jigo = "jigo",
    }
);

vocabulary!(
    /// J89-R11: what an illegal move does.
    #[derive(Default)]
    IllegalMove, "illegal_move value" {
        /// It is refused (the reference's reading).
        #[default]
        Refuse = "refuse",
        /// It loses the game.
        Forfeit = "forfeit",
    }
);

vocabulary!(
    /// J89-R9: whether stones may be placed by agreement during the stop.
    #[derive(Default)]
    FillDame, "fill_dame value" {
        /// No (the reference's reading).
        #[default]
        None = "none",
        /// By agreement.
        Agreed = "agreed",
    }
);

vocabulary!(
    /// J89-R4: what Article 13 adds.
    #[derive(Default)]
    Article13, "article_13 value" {
        /// Nothing (the reference's reading).
        #[default]
        Ignore = "ignore",
        /// Both players lose.
        BothLose = "both-lose",
    }
);

vocabulary!(
    /// CASE-9.4, PROTO-11: where a Japanese 1989 game stands.
    J89Stage, "stage" {
        /// The players are moving.
        Playing = "playing",
        /// J89-9.1: stopped by two passes.
        Stopped = "stopped",
        /// J89-11, J89-12, J89-14: ended without scoring the board.
        Ended = "ended",
    }
);

vocabulary!(
    /// CASE-9.4, PROTO-11: why the Japanese 1989 game refuses a move (the protocol writes `wrong color` with a
    /// space, cases `wrong-color`).
    Refusal, "refusal" {
        /// J89-3.1.
        Occupied = "occupied",
        /// J89-3.3.
        Suicide = "suicide",
        /// J89-6.
        SimpleKo = "simple-ko",
        /// J89-2.1: not this player's turn.
        WrongColor = "wrong-color",
        /// J89-9.1: the game is stopped.
        Stopped = "stopped",
        /// The game has ended.
        Ended = "ended",
    }
);

vocabulary!(
    /// PROTO-9.1: the options of `gorules-kee-rules` (cases write them as the fields of CASE-8.1).
    KeeOption, "Kee option" {
        /// KEE-4: 2 to 6.
        Players = "players",
        /// KEE-5(c): [`YesNo`].
        Refreshing = "refreshing",
        /// KEE-10: [`Suicide`].
        Suicide = "suicide",
        /// KEE-9: [`KeeAllied`].
        Allied = "allied",
        /// KEE-15: [`KeeScoring`].
        Scoring = "scoring",
        /// KEE-12.2: [`KoPlayerPasses`].
        Passes = "passes",
    }
);

vocabulary!(
    /// PROTO-9.1: a yes-or-no option value (KEE-5(c), `refreshing`).
    YesNo, "yes or no" {
        /// Yes.
        Yes = "yes",
        /// No.
        No = "no",
    }
);

impl From<bool> for YesNo {
    fn from(b: bool) -> YesNo {
        if b {
            YesNo::Yes
        } else {
            YesNo::No
        }
    }
}

impl From<YesNo> for bool {
    fn from(y: YesNo) -> bool {
        y == YesNo::Yes
    }
}

vocabulary!(
    /// KEE-9: allied groups.
    #[derive(Default)]
    KeeAllied, "allied_groups value" {
        /// Their union (the default).
        #[default]
        Union = "union",
        /// Each a single unit.
        SingleUnit = "single-unit",
    }
);

vocabulary!(
    /// KEE-15: scoring.
    #[derive(Default)]
    KeeScoring, "scoring value" {
        /// Area scoring (the default).
        #[default]
        Area = "area",
        /// Territory scoring.
        Territory = "territory",
    }
);

vocabulary!(
    /// KEE-12.2: the passes counted when the ko player is chosen.
    #[derive(Default)]
    KoPlayerPasses, "ko_player_passes value" {
        /// Normal passes (the default).
        #[default]
        Normal = "normal",
        /// Every pass.
        All = "all",
    }
);

/// CASE-9.5, PROTO-11.11: one word of a played confirmation: a vertex, `pass`, `pass:VERTEX` (a pass for the ko
/// whose recapture is at VERTEX) or `pass:ko` (a pass for a ko naming none, J89-R7 `pooled`). Case-insensitive;
/// a vertex is given as written, for the caller to place on its board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfirmationWord<'a> {
    /// A plain pass.
    Pass,
    /// A play at the vertex.
    Play(&'a str),
    /// J89-R7: a pass for the ko whose recapture is at the vertex.
    PassFor(&'a str),
    /// J89-R7, `ko_pass: pooled`: a pass for a ko, designated for none.
    PassForAnyKo,
}

impl<'a> ConfirmationWord<'a> {
    /// The words a confirmation move may take, for messages.
    pub const FORMS: &'static str = "a vertex, pass, pass:VERTEX or pass:ko";

    /// Reads one word; the error says what was expected (the forms a word takes) and names the word.
    pub fn parse(word: &'a str) -> Result<ConfirmationWord<'a>, String> {
        let bad = || format!("{}, found `{word}`", Self::FORMS);
        match word.split_once(':') {
            None if word.eq_ignore_ascii_case("pass") => Ok(ConfirmationWord::Pass),
            None if !word.is_empty() => Ok(ConfirmationWord::Play(word)),
            Some((p, k)) if p.eq_ignore_ascii_case("pass") && k.eq_ignore_ascii_case("ko") => {
                Ok(ConfirmationWord::PassForAnyKo)
            }
            Some((p, v))
                if p.eq_ignore_ascii_case("pass")
                    && !v.is_empty()
                    && !v.eq_ignore_ascii_case("pass") =>
            {
                Ok(ConfirmationWord::PassFor(v))
            }
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T: Word + fmt::Debug + std::str::FromStr<Err = UnknownWord>>() {
        let words = T::words();
        let mut seen = std::collections::BTreeSet::new();
        for (value, word) in T::TABLE {
            assert!(seen.insert(*word), "{} `{word}` twice", T::WHAT);
            assert_eq!(value.word(), *word);
            assert_eq!(word.parse::<T>(), Ok(*value));
        }
        let e = "no-such-word".parse::<T>().unwrap_err();
        assert_eq!(e.word, "no-such-word");
        assert_eq!(e.known, words);
        let text = e.to_string();
        assert!(text.contains("`no-such-word`"), "{text}");
        for w in words {
            assert!(text.contains(w), "{text} lacks {w}");
        }
    }

    #[test]
    fn every_word_reads_back_and_an_unknown_one_is_named_with_the_known_ones() {
        round_trip::<Feature>();
        round_trip::<Reason>();
        round_trip::<KoRule>();
        round_trip::<Suicide>();
        round_trip::<Phase>();
        round_trip::<EndReason>();
        round_trip::<KoIntersectionKind>();
        round_trip::<ForceQuestion>();
        round_trip::<DutyKind>();
        round_trip::<LineEnd>();
        round_trip::<RulesetName>();
        round_trip::<NajOption>();
        round_trip::<Analyses>();
        round_trip::<CoreOption>();
        round_trip::<KodefCycle>();
        round_trip::<KodefCycleEnd>();
        round_trip::<KodefCycleSet>();
        round_trip::<KodefHistoryBans>();
        round_trip::<KodefBasicKo>();
        round_trip::<ClassOption>();
        round_trip::<CountMethod>();
        round_trip::<J89Option>();
        round_trip::<ConfirmationBoard>();
        round_trip::<NewStone>();
        round_trip::<SekiStones>();
        round_trip::<DeadOutside>();
        round_trip::<DeadInRegions>();
        round_trip::<KoPass>();
        round_trip::<Confirmation>();
        round_trip::<ConfirmationFirst>();
        round_trip::<RecaptureAfterPass>();
        round_trip::<Repetition>();
        round_trip::<IllegalMove>();
        round_trip::<FillDame>();
        round_trip::<Article13>();
        round_trip::<J89Stage>();
        round_trip::<Refusal>();
        round_trip::<KeeOption>();
        round_trip::<YesNo>();
        round_trip::<KeeAllied>();
        round_trip::<KeeScoring>();
        round_trip::<KoPlayerPasses>();
    }

    #[test]
    fn all_follows_the_name_table() {
        assert_eq!(Feature::ALL.len(), Feature::TABLE.len());
        assert_eq!(Feature::ALL[28], Feature::J89Article13);
        assert_eq!(Feature::J89Article13.name(), "j89-article-13");
        assert_eq!(Suicide::default(), Suicide::Prohibited);
    }

    #[test]
    fn the_spec_lists_the_features_of_the_vocabulary() {
        let spec = include_str!("../../spec/cases.md");
        let section = spec
            .split("## CASE-5 Features")
            .nth(1)
            .and_then(|s| s.split("\n## ").next())
            .expect("spec/cases.md has CASE-5");
        let listed: Vec<&str> = section.split('`').skip(1).step_by(2).collect();
        assert_eq!(
            listed,
            Feature::words(),
            "CASE-5's list and the vocabulary differ"
        );
    }

    #[test]
    fn options_split_into_key_and_value() {
        assert_eq!(
            parse_option::<CoreOption>("ko=simple-ko"),
            Ok((CoreOption::Ko, "simple-ko"))
        );
        let e = parse_option::<CoreOption>("kos=x").unwrap_err();
        assert_eq!(
            e,
            "a core option (ko, suicide, cycle, cycle_end, history_bans, basic_ko, cycle_set), found `kos`"
        );
        assert!(parse_option::<CoreOption>("ko").is_err());
        assert_eq!(
            option_arg(NajOption::Analyses, Analyses::Single),
            "analyses=single"
        );
        assert_eq!(J89Option::Komi.values(), Vec::<&str>::new());
    }

    #[test]
    fn confirmation_words() {
        use ConfirmationWord::*;
        assert_eq!(ConfirmationWord::parse("PASS"), Ok(Pass));
        assert_eq!(ConfirmationWord::parse("D4"), Ok(Play("D4")));
        assert_eq!(ConfirmationWord::parse("pass:KO"), Ok(PassForAnyKo));
        assert_eq!(ConfirmationWord::parse("Pass:c3"), Ok(PassFor("c3")));
        for bad in ["pass:", "pass:pass", "ko:d4", ""] {
            let e = ConfirmationWord::parse(bad).unwrap_err();
            assert!(e.contains("pass:ko"), "{e}");
        }
    }
}
