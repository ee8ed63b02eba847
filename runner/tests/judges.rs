//! The judges (checks.rs, kee.rs) against a fake engine: an in-memory [`Engine`] and [`KeeEngine`] that answers
//! from a script. Each script is first recorded from the reference engine on a real case (so it holds the right
//! answers in the engine traits' terms), then replayed as is (the check passes), spoiled (it fails, showing
//! expected against actual), cut short by an engine failure (engine-failed), or given to an engine that lacks a
//! feature or command (ignored, with what it lacks), and for values under best play answered out of reach
//! (undecided, with the bounds).

use gorules_cases::classes::Margin;
use gorules_cases::j89::{ConfirmationLines, Komi};
use gorules_cases::kee::{KeeCase, KeeCheck, PlayerName};
use gorules_cases::model::{
    Case, Check, Color, DutyKind, EndReason, Feature, ForceQuestion, KoIntersectionKind, Phase,
    Prisoners, Reason,
};
use gorules_cases::moves::Move;
use gorules_cases::{parse_case, parse_kee_case};
use gorules_runner::engine::{
    At, BestPlay, Capabilities, ClassGame, ClassGameOutcome, CountOutcome, CountRequest, Engine,
    EngineError, Failure, ForceAnswer, GameMoves, GameOutcome, Grid, J89Action, J89GameOutcome,
    J89Queries, KeeEngine, KeeMade, KeePlayed, KeePoints, KeeState, KeeValue,
    KoIntersectionsAnswer, Legality, ReplayOutcome, Said, Start, Statuses, TerritoryOutcome,
};
use gorules_runner::gtp::Launch;
use gorules_runner::remote::Remote;
use gorules_runner::verdict::{EngineFailed, Ignored, Missing, Undecided, Verdict};
use gorules_runner::{checks, kee};
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;
use std::time::Duration;

/// One answer of an engine, in the traits' terms.
#[derive(Debug, Clone)]
enum Answer {
    Replay(Result<ReplayOutcome, EngineError>),
    Legality(Result<Legality, EngineError>),
    Immortal(Result<BTreeSet<At>, EngineError>),
    Control(Result<BTreeSet<At>, EngineError>),
    Game(Result<GameOutcome, EngineError>),
    Statuses(Result<Statuses, EngineError>),
    Territory(Result<TerritoryOutcome, EngineError>),
    J89Game(Result<J89GameOutcome, EngineError>),
    BestPlay(Result<BestPlay, EngineError>),
    ClassGame(Result<ClassGameOutcome, EngineError>),
    FinalScore(Result<Said<Margin>, EngineError>),
    Count(Result<CountOutcome, EngineError>),
    KeeSetUp(Result<(), EngineError>),
    KeePlay(Result<KeePlayed, EngineError>),
    KeePosition(Result<BTreeMap<String, Said<PlayerName>>, EngineError>),
    KeeState(Result<KeeState, EngineError>),
    KeePoints(Result<KeePoints, EngineError>),
    KeeValue(Result<KeeValue, EngineError>),
    KoIntersections(Result<KoIntersectionsAnswer, EngineError>),
    Force(Result<ForceAnswer, EngineError>),
}

impl Answer {
    /// The answer with its result replaced by `e`.
    fn failed(&self, e: EngineError) -> Answer {
        match self {
            Answer::Replay(_) => Answer::Replay(Err(e)),
            Answer::Legality(_) => Answer::Legality(Err(e)),
            Answer::Immortal(_) => Answer::Immortal(Err(e)),
            Answer::Control(_) => Answer::Control(Err(e)),
            Answer::Game(_) => Answer::Game(Err(e)),
            Answer::Statuses(_) => Answer::Statuses(Err(e)),
            Answer::Territory(_) => Answer::Territory(Err(e)),
            Answer::J89Game(_) => Answer::J89Game(Err(e)),
            Answer::BestPlay(_) => Answer::BestPlay(Err(e)),
            Answer::ClassGame(_) => Answer::ClassGame(Err(e)),
            Answer::FinalScore(_) => Answer::FinalScore(Err(e)),
            Answer::Count(_) => Answer::Count(Err(e)),
            Answer::KeeSetUp(_) => Answer::KeeSetUp(Err(e)),
            Answer::KeePlay(_) => Answer::KeePlay(Err(e)),
            Answer::KeePosition(_) => Answer::KeePosition(Err(e)),
            Answer::KeeState(_) => Answer::KeeState(Err(e)),
            Answer::KeePoints(_) => Answer::KeePoints(Err(e)),
            Answer::KeeValue(_) => Answer::KeeValue(Err(e)),
            Answer::KoIntersections(_) => Answer::KoIntersections(Err(e)),
            Answer::Force(_) => Answer::Force(Err(e)),
        }
    }
}

/// The reference engine, with every answer it gives recorded.
struct Recorder {
    engine: Remote,
    script: Vec<Answer>,
}

/// The fake engine: its capabilities, and the answers it gives, in order; a question it has no answer for, or
/// an answer of another kind, fails the test.
struct Fake {
    capabilities: Capabilities,
    /// The protocol commands it lacks for any check.
    lacks: Vec<String>,
    script: VecDeque<Answer>,
}

macro_rules! record {
    ($self:ident, $kind:ident, $call:expr) => {{
        let r = $call;
        $self.script.push(Answer::$kind(r.clone()));
        r
    }};
}

macro_rules! replay {
    ($self:ident, $kind:ident) => {{
        match $self.script.pop_front() {
            Some(Answer::$kind(r)) => r,
            other => panic!(
                "the fake engine was asked {} but its script has {other:?}",
                stringify!($kind)
            ),
        }
    }};
}

impl Engine for Recorder {
    fn name(&self) -> String {
        "recorder".into()
    }
    fn capabilities(&self) -> &Capabilities {
        Engine::capabilities(&self.engine)
    }
    fn lacks(&self, case: &Case, check: &Check) -> Vec<String> {
        self.engine.lacks(case, check)
    }
    fn replay(&mut self, s: &Start, p: Phase, m: &[Move]) -> Result<ReplayOutcome, EngineError> {
        record!(self, Replay, self.engine.replay(s, p, m))
    }
    fn legality(
        &mut self,
        s: &Start,
        p: Phase,
        a: &[Move],
        mv: Move,
    ) -> Result<Legality, EngineError> {
        record!(self, Legality, self.engine.legality(s, p, a, mv))
    }
    fn immortal(&mut self, s: &Start, b: &Grid, c: Color) -> Result<BTreeSet<At>, EngineError> {
        record!(self, Immortal, self.engine.immortal(s, b, c))
    }
    fn ko_intersections(
        &mut self,
        s: &Start,
        k: KoIntersectionKind,
        komi: Option<Komi>,
        r: &BTreeSet<At>,
        a: &BTreeSet<At>,
    ) -> Result<KoIntersectionsAnswer, EngineError> {
        record!(
            self,
            KoIntersections,
            self.engine.ko_intersections(s, k, komi, r, a)
        )
    }
    fn force(
        &mut self,
        s: &Start,
        q: ForceQuestion,
        d: DutyKind,
        komi: Option<Komi>,
        r: &BTreeSet<At>,
    ) -> Result<ForceAnswer, EngineError> {
        record!(self, Force, self.engine.force(s, q, d, komi, r))
    }
    fn control(&mut self, s: &Start, r: &Grid, c: Color) -> Result<BTreeSet<At>, EngineError> {
        record!(self, Control, self.engine.control(s, r, c))
    }
    fn game(&mut self, s: &Start, m: &GameMoves) -> Result<GameOutcome, EngineError> {
        record!(self, Game, self.engine.game(s, m))
    }
    fn statuses(
        &mut self,
        s: &Start,
        p: Option<&ConfirmationLines>,
    ) -> Result<Statuses, EngineError> {
        record!(self, Statuses, self.engine.statuses(s, p))
    }
    fn territory(
        &mut self,
        s: &Start,
        p: Option<&ConfirmationLines>,
    ) -> Result<TerritoryOutcome, EngineError> {
        record!(self, Territory, self.engine.territory(s, p))
    }
    fn j89_game(
        &mut self,
        s: &Start,
        a: &[J89Action],
        q: J89Queries,
    ) -> Result<J89GameOutcome, EngineError> {
        record!(self, J89Game, self.engine.j89_game(s, a, q))
    }
    fn best_play(&mut self, s: &Start, p: Phase, a: &[Move]) -> Result<BestPlay, EngineError> {
        record!(self, BestPlay, self.engine.best_play(s, p, a))
    }
    fn class_game(&mut self, s: &Start, g: &ClassGame) -> Result<ClassGameOutcome, EngineError> {
        record!(self, ClassGame, self.engine.class_game(s, g))
    }
    fn final_score(&mut self, s: &Start, a: &[Move]) -> Result<Said<Margin>, EngineError> {
        record!(self, FinalScore, self.engine.final_score(s, a))
    }
    fn count(&mut self, s: &Start, r: &CountRequest) -> Result<CountOutcome, EngineError> {
        record!(self, Count, self.engine.count(s, r))
    }
}

impl KeeEngine for Recorder {
    fn capabilities(&self) -> &Capabilities {
        Engine::capabilities(&self.engine)
    }
    fn kee_lacks(&self, check: &KeeCheck) -> Vec<String> {
        self.engine.kee_lacks(check)
    }
    fn kee_set_up(&mut self, case: &KeeCase, first: PlayerName) -> Result<(), EngineError> {
        record!(self, KeeSetUp, self.engine.kee_set_up(case, first))
    }
    fn kee_play(&mut self, play: &str) -> Result<KeePlayed, EngineError> {
        record!(self, KeePlay, self.engine.kee_play(play))
    }
    fn kee_position(&mut self) -> Result<BTreeMap<String, Said<PlayerName>>, EngineError> {
        record!(self, KeePosition, self.engine.kee_position())
    }
    fn kee_state(&mut self) -> Result<KeeState, EngineError> {
        record!(self, KeeState, self.engine.kee_state())
    }
    fn kee_points(&mut self) -> Result<KeePoints, EngineError> {
        record!(self, KeePoints, self.engine.kee_points())
    }
    fn kee_value(&mut self) -> Result<KeeValue, EngineError> {
        record!(self, KeeValue, self.engine.kee_value())
    }
}

impl Engine for Fake {
    fn name(&self) -> String {
        "fake".into()
    }
    fn capabilities(&self) -> &Capabilities {
        &self.capabilities
    }
    fn lacks(&self, _: &Case, _: &Check) -> Vec<String> {
        self.lacks.clone()
    }
    fn replay(&mut self, _: &Start, _: Phase, _: &[Move]) -> Result<ReplayOutcome, EngineError> {
        replay!(self, Replay)
    }
    fn legality(
        &mut self,
        _: &Start,
        _: Phase,
        _: &[Move],
        _: Move,
    ) -> Result<Legality, EngineError> {
        replay!(self, Legality)
    }
    fn immortal(&mut self, _: &Start, _: &Grid, _: Color) -> Result<BTreeSet<At>, EngineError> {
        replay!(self, Immortal)
    }
    fn ko_intersections(
        &mut self,
        _: &Start,
        _: KoIntersectionKind,
        _: Option<Komi>,
        _: &BTreeSet<At>,
        _: &BTreeSet<At>,
    ) -> Result<KoIntersectionsAnswer, EngineError> {
        replay!(self, KoIntersections)
    }
    fn force(
        &mut self,
        _: &Start,
        _: ForceQuestion,
        _: DutyKind,
        _: Option<Komi>,
        _: &BTreeSet<At>,
    ) -> Result<ForceAnswer, EngineError> {
        replay!(self, Force)
    }
    fn control(&mut self, _: &Start, _: &Grid, _: Color) -> Result<BTreeSet<At>, EngineError> {
        replay!(self, Control)
    }
    fn game(&mut self, _: &Start, _: &GameMoves) -> Result<GameOutcome, EngineError> {
        replay!(self, Game)
    }
    fn statuses(
        &mut self,
        _: &Start,
        _: Option<&ConfirmationLines>,
    ) -> Result<Statuses, EngineError> {
        replay!(self, Statuses)
    }
    fn territory(
        &mut self,
        _: &Start,
        _: Option<&ConfirmationLines>,
    ) -> Result<TerritoryOutcome, EngineError> {
        replay!(self, Territory)
    }
    fn j89_game(
        &mut self,
        _: &Start,
        _: &[J89Action],
        _: J89Queries,
    ) -> Result<J89GameOutcome, EngineError> {
        replay!(self, J89Game)
    }
    fn best_play(&mut self, _: &Start, _: Phase, _: &[Move]) -> Result<BestPlay, EngineError> {
        replay!(self, BestPlay)
    }
    fn class_game(&mut self, _: &Start, _: &ClassGame) -> Result<ClassGameOutcome, EngineError> {
        replay!(self, ClassGame)
    }
    fn final_score(&mut self, _: &Start, _: &[Move]) -> Result<Said<Margin>, EngineError> {
        replay!(self, FinalScore)
    }
    fn count(&mut self, _: &Start, _: &CountRequest) -> Result<CountOutcome, EngineError> {
        replay!(self, Count)
    }
}

impl KeeEngine for Fake {
    fn capabilities(&self) -> &Capabilities {
        &self.capabilities
    }
    fn kee_lacks(&self, _: &KeeCheck) -> Vec<String> {
        self.lacks.clone()
    }
    fn kee_set_up(&mut self, _: &KeeCase, _: PlayerName) -> Result<(), EngineError> {
        replay!(self, KeeSetUp)
    }
    fn kee_play(&mut self, _: &str) -> Result<KeePlayed, EngineError> {
        replay!(self, KeePlay)
    }
    fn kee_position(&mut self) -> Result<BTreeMap<String, Said<PlayerName>>, EngineError> {
        replay!(self, KeePosition)
    }
    fn kee_state(&mut self) -> Result<KeeState, EngineError> {
        replay!(self, KeeState)
    }
    fn kee_points(&mut self) -> Result<KeePoints, EngineError> {
        replay!(self, KeePoints)
    }
    fn kee_value(&mut self) -> Result<KeeValue, EngineError> {
        replay!(self, KeeValue)
    }
}

fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn reference() -> Remote {
    let mut engine = Remote::start(Launch::reference(), Duration::from_secs(60), None)
        .expect("the reference engine starts");
    engine.solver_nodes = Some(1_000_000);
    engine
}

/// A check of a case, by file (under `cases/`) and check name.
enum Subject {
    Grid(Case, Check),
    Kee(KeeCase, KeeCheck),
}

fn subject(file: &str, name: &str) -> Subject {
    let path = root().join("cases").join(file);
    let text = std::fs::read_to_string(&path).expect("the case file reads");
    if file.starts_with("kee/") {
        let case = parse_kee_case(&path, text).expect("a valid case").case;
        let check = case
            .effective_checks()
            .expect("errata apply")
            .into_iter()
            .find(|c| c.name() == name)
            .expect("the check exists");
        Subject::Kee(case, check)
    } else {
        let case = parse_case(&path, text).expect("a valid case").case;
        let check = case
            .effective_checks()
            .expect("errata apply")
            .into_iter()
            .find(|c| c.common().name == name)
            .expect("the check exists");
        Subject::Grid(case, check)
    }
}

impl Subject {
    fn features(&self) -> BTreeSet<Feature> {
        match self {
            Subject::Grid(case, check) => checks::needed_features(case, check),
            Subject::Kee(case, check) => kee::needed_features(case, check),
        }
    }

    /// The reference engine's answers to this check (it passes against the reference engine).
    fn record(&self) -> (Capabilities, Vec<Answer>) {
        let mut recorder = Recorder {
            engine: reference(),
            script: Vec::new(),
        };
        let verdict = match self {
            Subject::Grid(case, check) => checks::run(case, check, &mut recorder),
            Subject::Kee(case, check) => kee::run(case, check, &mut recorder),
        };
        assert_eq!(verdict, Verdict::Pass, "the reference engine passes it");
        let caps = Engine::capabilities(&recorder.engine).clone();
        (caps, recorder.script)
    }

    fn run(&self, capabilities: Capabilities, lacks: &[&str], script: Vec<Answer>) -> Verdict {
        let mut fake = Fake {
            capabilities,
            lacks: lacks.iter().map(|c| c.to_string()).collect(),
            script: script.into(),
        };
        let verdict = match self {
            Subject::Grid(case, check) => checks::run(case, check, &mut fake),
            Subject::Kee(case, check) => kee::run(case, check, &mut fake),
        };
        if matches!(verdict, Verdict::Pass) {
            assert!(fake.script.is_empty(), "every answer was asked for");
        }
        verdict
    }
}

impl Answer {
    /// The kind of answer a check of `kind` is judged on.
    fn is_main_for(&self, kind: &str) -> bool {
        matches!(
            (kind, self),
            ("legality", Answer::Legality(_))
                | ("replay", Answer::Replay(_))
                | ("immortal", Answer::Immortal(_))
                | ("control", Answer::Control(_))
                | ("game", Answer::Game(_))
                | ("best_play", Answer::BestPlay(_))
                | ("status", Answer::Statuses(_))
                | ("territory", Answer::Territory(_))
                | ("j89_game", Answer::J89Game(_))
                | ("game_end", Answer::ClassGame(_))
                | ("final_score", Answer::FinalScore(_))
                | ("count", Answer::Count(_))
                | ("kee_play", Answer::KeePlay(_))
                | ("kee_game", Answer::KeeState(_))
                | ("kee_value", Answer::KeeValue(_))
                | ("ko_intersections", Answer::KoIntersections(_))
                | ("force", Answer::Force(_))
        )
    }

    /// The answer made wrong.
    fn spoil(&mut self) {
        match self {
            Answer::Legality(Ok(l)) => {
                *l = match l {
                    Legality::Legal => Legality::Illegal(Some(Reason::Suicide)),
                    Legality::Illegal(_) => Legality::Legal,
                }
            }
            Answer::Replay(Ok(r)) => match r.illegal {
                Some(_) => r.illegal = None,
                None => r.illegal = Some((0, Some(Reason::Occupied))),
            },
            Answer::KoIntersections(Ok(KoIntersectionsAnswer::Found(s)))
            | Answer::Immortal(Ok(s))
            | Answer::Control(Ok(s)) => {
                if s.is_empty() {
                    s.insert(At { col: 0, row: 0 });
                } else {
                    s.clear()
                }
            }
            Answer::Game(Ok(g)) => {
                for side in [&mut g.black, &mut g.white].into_iter().flatten() {
                    if side.control.is_empty() {
                        side.control.insert(At { col: 0, row: 0 });
                    } else {
                        side.control.clear();
                    }
                    side.score += 1;
                }
                g.prisoner_difference += 1;
                g.score = g.score.map(|s| s + 1);
                g.board_score = g.board_score.map(|s| s + 1);
            }
            Answer::Statuses(Ok(s)) => {
                let alive = std::mem::take(&mut s.alive);
                s.alive = std::mem::replace(&mut s.dead, alive);
            }
            Answer::Territory(Ok(t)) => t.score += 1,
            Answer::J89Game(Ok(g)) => {
                g.stage.value = None;
                g.to_move = match g.to_move {
                    Some(Color::Black) => Some(Color::White),
                    _ => Some(Color::Black),
                };
                g.recurs = !g.recurs;
                g.prisoners.black += 3;
                g.result = Some(Err("no result yet".into()));
            }
            Answer::BestPlay(Ok(BestPlay::Value { value, .. })) => *value += 1,
            Answer::ClassGame(Ok(g)) => {
                // The game ends one move early, and the scores and the result are off by one.
                if let Some(last) = g.stages.len().checked_sub(2) {
                    g.stages[last] = "passes".into();
                }
                g.scores.value = g.scores.value.map(|(b, w)| (b + 1, w));
                g.result = Said::read("B+99", |t| t.parse().ok());
            }
            Answer::FinalScore(Ok(f)) => *f = Said::read("B+99", |t| t.parse().ok()),
            Answer::Count(Ok(c)) => {
                c.values.remove("margin");
                if let Some(v) = c.values.values_mut().next() {
                    *v = gorules_cases::count::Expected::Number(999);
                }
            }
            Answer::KeePlay(Ok(p)) => {
                *p = match p {
                    KeePlayed::Made(_) => KeePlayed::Refused(Said {
                        value: None,
                        text: "illegal occupied".into(),
                    }),
                    KeePlayed::Refused(_) => KeePlayed::Made(KeeMade {
                        text: "played".into(),
                        ..KeeMade::default()
                    }),
                }
            }
            Answer::Force(Ok(ForceAnswer::Answered { yes, .. })) => *yes = !*yes,
            Answer::KeeState(Ok(s)) => s.end = None,
            Answer::KeeValue(Ok(KeeValue::Value { value, .. })) => *value += 1,
            other => panic!("cannot spoil {other:?}"),
        }
    }
}

/// A check, the reference engine's capabilities and its answers to it.
struct Recorded {
    subject: Subject,
    kind: &'static str,
    capabilities: Capabilities,
    script: Vec<Answer>,
}

fn recorded(file: &str, name: &str) -> Recorded {
    let subject = subject(file, name);
    let kind = match &subject {
        Subject::Grid(_, c) => c.kind(),
        Subject::Kee(_, c) => c.kind(),
    };
    let (capabilities, script) = subject.record();
    Recorded {
        subject,
        kind,
        capabilities,
        script,
    }
}

impl Recorded {
    /// The script with the answer the check is judged on (the first, or with `last` the last) changed by `f`.
    fn with_main(&self, last: bool, f: impl FnOnce(&mut Answer)) -> Vec<Answer> {
        let mut script = self.script.clone();
        let mut mains = script.iter_mut().filter(|a| a.is_main_for(self.kind));
        let main = if last { mains.last() } else { mains.next() };
        f(main.unwrap_or_else(|| panic!("no {} answer recorded", self.kind)));
        script
    }

    fn run(&self, script: Vec<Answer>) -> Verdict {
        self.subject.run(self.capabilities.clone(), &[], script)
    }

    /// A right answer passes; a wrong one fails and shows expected against actual; an answer that cannot be
    /// read fails; an engine failure is engine-failed with its kind; a missing feature or command is ignored,
    /// saying which.
    fn exercise(&self) {
        assert_eq!(
            self.run(self.script.clone()),
            Verdict::Pass,
            "{}",
            self.kind
        );

        match self.run(self.with_main(true, Answer::spoil)) {
            Verdict::Fail(m) => assert!(m.contains("expected"), "{}: {m}", self.kind),
            other => panic!("{}: a wrong answer gave {other:?}", self.kind),
        }

        let unreadable = EngineError::Malformed(gorules_runner::engine::Malformed::Answer {
            command: "gorules-something".into(),
            answer: "what?".into(),
            expected: None,
        });
        match self.run(self.with_main(false, |a| *a = a.failed(unreadable))) {
            Verdict::Fail(m) => assert!(m.contains("gorules-something answered `what?`"), "{m}"),
            other => panic!("{}: an unreadable answer gave {other:?}", self.kind),
        }

        let timeout = Failure::Timeout {
            command: "7 gorules-something".into(),
            seconds: 0.5,
        };
        match self.run(self.with_main(false, |a| {
            *a = a.failed(EngineError::Failed(timeout.clone()))
        })) {
            Verdict::EngineFailure(EngineFailed::During(f)) => {
                assert_eq!(f, timeout);
                assert_eq!(
                    f.to_string(),
                    "no answer to `7 gorules-something` within 0.5 s"
                );
            }
            other => panic!("{}: an engine failure gave {other:?}", self.kind),
        }

        let features = self.subject.features();
        let lacking = *features.iter().next().expect("the check needs a feature");
        let mut without = self.capabilities.clone();
        without.features.remove(&lacking);
        let expected = Verdict::Ignored(Ignored::Missing(Missing {
            features: vec![lacking],
            commands: Vec::new(),
        }));
        assert_eq!(
            self.subject.run(without, &[], Vec::new()),
            expected,
            "{}",
            self.kind
        );

        match self.subject.run(
            self.capabilities.clone(),
            &["gorules-x", "is_legal"],
            Vec::new(),
        ) {
            Verdict::Ignored(Ignored::Missing(m)) => {
                assert!(m.features.is_empty(), "{m:?}");
                assert_eq!(m.commands, ["gorules-x", "is_legal"]);
                assert_eq!(
                    m.to_string(),
                    "the engine lacks the command gorules-x, the command is_legal"
                );
            }
            other => panic!("{}: an engine without commands gave {other:?}", self.kind),
        }
    }
}

/// A best-play check: value -1, board-score 0, prisoner-difference -1.
const BEST_PLAY: (&str, &str) = (
    "naj/naj-1000-year-ko-black-to-move-black-ko-stone.yaml",
    "variation-3",
);

#[test]
fn legality() {
    recorded("core/core-suicide-one-stone.yaml", "corner-suicide").exercise();
}

#[test]
fn replay() {
    recorded("core/core-suicide-one-stone.yaml", "illegal-in-a-sequence").exercise();
}

#[test]
fn replay_end_reason() {
    // CASE-4.2, KODEF-2.5: a replay that names how the phase ended fails when the engine ends it another way.
    let r = recorded(
        "kodef/kodef-situational-condition.yaml",
        "black-pass-4-ends",
    );
    r.exercise();
    let other_end = r.with_main(true, |a| {
        if let Answer::Replay(Ok(o)) = a {
            o.end_reason = Some(EndReason::Passes);
        }
    });
    match r.run(other_end) {
        Verdict::Fail(m) => assert!(
            m.contains("end reason") && m.contains("cycle-end") && m.contains("passes"),
            "{m}"
        ),
        other => panic!("a wrong end reason gave {other:?}"),
    }
}

#[test]
fn ko_intersections() {
    // CASE-13: the local-ko-intersections of sending two, returning one; an out-of-reach search is undecided.
    let r = recorded(
        "kodef/kodef-sending-two-returning-one.yaml",
        "the-three-points-are-local-ko",
    );
    r.exercise();
    let out_of_reach = r.with_main(true, |a| {
        *a = Answer::KoIntersections(Ok(KoIntersectionsAnswer::OutOfReach {
            nodes: 1_000_001,
            limit: "nodes".into(),
        }))
    });
    match r.run(out_of_reach) {
        Verdict::Undecided(u @ Undecided::KoIntersections { .. }) => assert_eq!(
            u.to_string(),
            "the engine could not decide the ko-intersections: its search stopped at its nodes limit after \
             1000001 nodes"
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_failing_ko_intersections_check_shows_the_engines_witness() {
    // CASE-13.1, PROTO-14.3: the check of sending two, returning one with the expectation spoiled (no point): the
    // reference engine finds A1, B1 and C1, and the failure shows, for each, its witness (start-position, first
    // mover, cycle-set) and the line that explains the answer-force from there.
    let Subject::Grid(case, mut check) = subject(
        "kodef/kodef-sending-two-returning-one.yaml",
        "the-three-points-are-local-ko",
    ) else {
        unreachable!("a grid case")
    };
    let Check::KoIntersections(c) = &mut check else {
        panic!("a ko_intersections check")
    };
    c.expect = String::new();
    match checks::run(&case, &check, &mut reference()) {
        Verdict::Fail(m) => {
            let m = m.to_string();
            for point in ["A1", "B1", "C1"] {
                assert!(
                    m.contains(&format!("why {point} is one (the engine's witness)")),
                    "{m}"
                );
            }
            assert!(m.contains("first=white zone=A1,B1,C1"), "{m}");
            assert!(m.contains("shows=cycle line=C1,A1,B1,"), "{m}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn force() {
    // CASE-13.2: White answer-forces the cycle of sending two, returning one; a wrong answer fails and shows the
    // engine's line; an out-of-reach search is undecided.
    let r = recorded(
        "kodef/kodef-sending-two-returning-one.yaml",
        "white-answer-forces-the-cycle",
    );
    r.exercise();
    match r.run(r.with_main(true, Answer::spoil)) {
        Verdict::Fail(m) => assert_eq!(
            m,
            "answer-force local (White first) on A1 B1 C1: expected yes, found no (the engine's line, ending \
             with the duty kept and a wanted cycle: W C1, B A1, W B1, B C1, W A1, B pass, W pass, B pass)\n"
        ),
        other => panic!("{other:?}"),
    }
    let out_of_reach = r.with_main(true, |a| {
        *a = Answer::Force(Ok(ForceAnswer::OutOfReach {
            nodes: 1_000_001,
            limit: "time".into(),
        }))
    });
    match r.run(out_of_reach) {
        Verdict::Undecided(u @ Undecided::Force { .. }) => assert_eq!(
            u.to_string(),
            "the engine could not decide the forcing question: its search stopped at its time limit after \
             1000001 nodes"
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn immortal() {
    recorded("naj/naj-immortal-1.yaml", "black-stones").exercise();
}

#[test]
fn control() {
    recorded("naj/naj-control-4x2.yaml", "black-control").exercise();
}

#[test]
fn game() {
    let r = recorded("naj/naj-control-4x2.yaml", "analyses-to-control");
    r.exercise();
    // CASE-4.7: the best play that finishes an open move-sequence out of reach leaves the check undecided.
    let out_of_reach = EngineError::OutOfReach {
        phase: "black-analysis".into(),
        nodes: 1001,
        low: -3,
        high: 5,
    };
    match r.run(r.with_main(false, |a| *a = a.failed(out_of_reach))) {
        Verdict::Undecided(u @ Undecided::Finishing { .. }) => assert_eq!(
            u.to_string(),
            "the best play needed to finish the black-analysis (out of reach: -3..=5 after 1001 nodes)"
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn best_play() {
    // The reference engine decides few values within a test's time; the right answers here are the case's own:
    // the value, then the prisoners at the end of the principal variation (for the board-score and
    // prisoner-difference claimed).
    let subject = subject(BEST_PLAY.0, BEST_PLAY.1);
    let script = vec![
        Answer::BestPlay(Ok(BestPlay::Value {
            value: -1,
            principal_variation: Vec::new(),
            nodes: 5,
        })),
        Answer::Replay(Ok(ReplayOutcome {
            positions: Vec::new(),
            illegal: None,
            ended: Some(true),
            prisoners: Prisoners { black: 0, white: 1 },
            end_reason: Some(EndReason::Passes),
        })),
    ];
    let r = Recorded {
        subject,
        kind: "best_play",
        capabilities: Engine::capabilities(&reference()).clone(),
        script,
    };
    r.exercise();
    let Subject::Grid(_, Check::BestPlay(b)) = &r.subject else {
        panic!("a best-play check")
    };
    let claim = i64::from(b.value);
    let bounds = |low, high| {
        move |a: &mut Answer| {
            *a = Answer::BestPlay(Ok(BestPlay::OutOfReach {
                nodes: 1001,
                low,
                high,
            }))
        }
    };
    match r.run(r.with_main(false, bounds(claim - 2, claim + 3))) {
        Verdict::Undecided(Undecided::BestPlay {
            nodes,
            low,
            high,
            claim: c,
        }) => assert_eq!((nodes, low, high, c), (1001, claim - 2, claim + 3, claim)),
        other => panic!("{other:?}"),
    }
    match r.run(r.with_main(false, bounds(claim + 1, claim + 3))) {
        Verdict::Fail(m) => assert!(m.contains("proven to lie in"), "{m}"),
        other => panic!("bounds that exclude the claim: {other:?}"),
    }
    // PROTO-3.13: bounds that meet prove the value, though the principal variation was out of reach. This check
    // also claims the prisoners at the line's end, so it stays undecided; without those claims the value alone is
    // checked.
    match r.run(r.with_main(false, bounds(claim, claim))) {
        Verdict::Undecided(Undecided::BestPlay { low, high, .. }) => {
            assert_eq!((low, high), (claim, claim))
        }
        other => panic!("a proven value without its line: {other:?}"),
    }
    let Subject::Grid(case, Check::BestPlay(mut value_only)) =
        self::subject(BEST_PLAY.0, BEST_PLAY.1)
    else {
        panic!("a best-play check")
    };
    value_only.board_score = None;
    value_only.prisoner_difference = None;
    let value_only = Subject::Grid(case, Check::BestPlay(value_only));
    let proven = |value| {
        vec![Answer::BestPlay(Ok(BestPlay::OutOfReach {
            nodes: 1001,
            low: value,
            high: value,
        }))]
    };
    assert_eq!(
        value_only.run(r.capabilities.clone(), &[], proven(claim)),
        Verdict::Pass
    );
    match value_only.run(r.capabilities.clone(), &[], proven(claim + 1)) {
        Verdict::Fail(m) => assert!(m.contains("proven to lie in"), "{m}"),
        other => panic!("a proven value other than the claim: {other:?}"),
    }
}

#[test]
fn status() {
    recorded(
        "j89/j89-constructed-confirmation-first-defender.yaml",
        "owners-first",
    )
    .exercise();
}

#[test]
fn territory() {
    recorded(
        "j89/j89-constructed-confirmation-first-defender.yaml",
        "counted",
    )
    .exercise();
}

#[test]
fn j89_game() {
    recorded(
        "j89/j89-constructed-fill-dame-agreed.yaml",
        "filled-by-agreement",
    )
    .exercise();
}

#[test]
fn count() {
    let r = recorded("scoring/scoring-fill-in-komi-8-7x7.yaml", "fill-in-komi-8");
    r.exercise();
    // CASE-12: an engine that does not claim the counting methods is not asked.
    let mut without = r.capabilities.clone();
    without.features.remove(&Feature::Counting);
    match r.subject.run(without, &[], Vec::new()) {
        Verdict::Ignored(Ignored::Missing(m)) => assert_eq!(m.features, [Feature::Counting]),
        other => panic!("{other:?}"),
    }
    // A margin the engine does not give is a mismatch, not a pass.
    match r.run(r.with_main(false, |a| {
        if let Answer::Count(Ok(c)) = a {
            c.values.remove("margin");
        }
    })) {
        Verdict::Fail(m) => assert!(m.contains("margin: expected W+11, found nothing"), "{m}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn kee_play() {
    recorded(
        "kee/kee-example-10-1-suicide-three-players.yaml",
        "red-triangle",
    )
    .exercise();
}

#[test]
fn kee_game() {
    recorded("kee/kee-2x1-board.yaml", "moves-1-to-8").exercise();
}

#[test]
fn kee_value() {
    let r = recorded("kee/kee-2x1-board-value.yaml", "empty-board");
    r.exercise();
    let Subject::Kee(_, KeeCheck::Value(v)) = &r.subject else {
        panic!("a Kee value check")
    };
    let claim = v.value;
    let out_of_reach = |low, high| {
        move |a: &mut Answer| {
            *a = Answer::KeeValue(Ok(KeeValue::OutOfReach {
                bounds: Some((low, high)),
                nodes: 1001,
                limit: Some("time".into()),
            }))
        }
    };
    match r.run(r.with_main(false, out_of_reach(claim - 1, claim + 1))) {
        Verdict::Undecided(Undecided::Kee(values)) => {
            assert_eq!(values.len(), 1);
            assert_eq!(values[0].bounds, Some((claim - 1, claim + 1)));
            assert_eq!(
                values[0].to_string(),
                format!(
                    "value: {} <= value <= {} after 1001 (stopped by its time limit) nodes (claimed {claim})",
                    claim - 1,
                    claim + 1
                )
            );
        }
        other => panic!("{other:?}"),
    }
    match r.run(r.with_main(false, out_of_reach(claim + 1, claim + 2))) {
        Verdict::Fail(m) => assert!(m.contains("but the engine proved"), "{m}"),
        other => panic!("bounds that exclude the claim: {other:?}"),
    }
}

/// PROTO-6.3: a board size the engine does not take leaves a check ignored, never failed: a size its profile does
/// not list (the engine is not asked: the fake has no answers, so a question would fail the test), one it refused
/// when the suite was planned, and one it refuses while the check runs. A listed size is asked as usual.
#[test]
fn board_sizes() {
    use gorules_runner::engine::{BoardSize, Unsupported};
    for (file, name) in [
        ("core/core-suicide-one-stone.yaml", "corner-suicide"),
        ("core/core-suicide-one-stone.yaml", "illegal-in-a-sequence"),
        (
            "core/core-19x19-ko-positional-superko.yaml",
            "black-takes-the-ko",
        ),
    ] {
        let r = recorded(file, name);
        let Subject::Grid(case, _) = &r.subject else {
            panic!("a grid check")
        };
        let size = checks::board_size(case);
        let ignored = Verdict::Ignored(Ignored::BoardSize(size));
        let (w, h) = case.board.size();
        assert_eq!(size, BoardSize::new(w, h));
        assert_eq!(
            Ignored::BoardSize(size).to_string(),
            format!("board size {w}x{h} not supported")
        );

        let mut other = r.capabilities.clone();
        other.sizes = Some([BoardSize::new(w + 1, h + 1)].into());
        assert_eq!(r.subject.run(other, &[], Vec::new()), ignored, "{name}");

        let mut listed = r.capabilities.clone();
        listed.sizes = Some([BoardSize::new(w + 1, h + 1), size].into());
        assert_eq!(
            r.subject.run(listed, &[], r.script.clone()),
            Verdict::Pass,
            "{name}"
        );

        let mut probed = r.capabilities.clone();
        probed.refused_sizes.insert(size);
        assert_eq!(r.subject.run(probed, &[], Vec::new()), ignored, "{name}");

        let refused = EngineError::Unsupported(Unsupported::BoardSize(size));
        assert_eq!(
            r.run(r.with_main(false, |a| *a = a.failed(refused.clone()))),
            ignored,
            "{name}"
        );
    }
}

#[test]
fn game_end() {
    // CASE-11.1: the agreement area rules: two passes stop, agreed removals, two more passes end.
    recorded("scoring/scoring-agreement-area-7x7.yaml", "game-end").exercise();
}

#[test]
fn final_score() {
    recorded("scoring/scoring-area-7x7.yaml", "final-score").exercise();
}
